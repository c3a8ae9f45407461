import { allergenName } from '../../../shared/allergens';
import type { FoodInformation as Food } from '../../../shared/grocery';

// What a food is made of, before purchase (Regulation 1169/2011; docs/decisions/0214): the
// ingredients with every allergen emphasised, the allergens named once more (contains, may
// contain), the nutrition per 100 g or 100 ml, and how to store it.
const NUTRIENTS = [
  ['Fat', 'fat'],
  ['of which saturates', 'saturates'],
  ['Carbohydrate', 'carbohydrate'],
  ['of which sugars', 'sugars'],
  ['Protein', 'protein'],
  ['Salt', 'salt'],
] as const;

const names = (slugs: readonly Food['allergens'][number][]) =>
  slugs.map((slug) => allergenName(slug).toLowerCase()).join(', ');

export function FoodInformation({ food }: { food: Food }) {
  const { nutrition } = food;
  return (
    <section className="food-information" aria-labelledby="food-information-title">
      <h2 id="food-information-title">Ingredients and nutrition</h2>
      <h3>Ingredients</h3>
      <p className="ingredients">
        {food.ingredients.map((ingredient, i) => (
          <span key={i}>
            {i > 0 ? ', ' : ''}
            {ingredient.allergens?.length ? <strong>{ingredient.name}</strong> : ingredient.name}
          </span>
        ))}
      </p>
      <h3>Allergens</h3>
      <p className="allergens">
        {food.allergens.length > 0 ? (
          <>
            Contains <strong>{names(food.allergens)}</strong>.
          </>
        ) : (
          'Contains none of the 14 major allergens.'
        )}
        {food.mayContain.length > 0 && (
          <>
            {' '}
            May contain <strong>{names(food.mayContain)}</strong>.
          </>
        )}
      </p>
      <table className="nutrition">
        <caption>{`Nutrition per ${nutrition.per}`}</caption>
        <tbody>
          <tr>
            <th scope="row">Energy</th>
            <td>{`${nutrition.energyKj} kJ / ${nutrition.energyKcal} kcal`}</td>
          </tr>
          {NUTRIENTS.map(([label, key]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{`${nutrition[key]} g`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Storage</h3>
      <p>{food.storage}</p>
    </section>
  );
}
