import {
  ALLERGEN_SLUGS,
  type AllergenSlug,
  type FoodInformation,
  type Ingredient,
} from '../../../shared/grocery';
import { foodFacts } from './food-facts';

// A kind's food information from its facts (./food-facts.ts), or null when it is not food.
const KNOWN = new Set<string>(ALLERGEN_SLUGS);

function allergensIn(list: string, kind: string): AllergenSlug[] {
  const slugs = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const slug of slugs)
    if (!KNOWN.has(slug)) throw new Error(`food facts of ${kind}: unknown allergen ${slug}`);
  return slugs as AllergenSlug[];
}

/** Splits "a, b (5%) [milk, soya], c" at the commas outside brackets and parentheses. */
function ingredientsOf(text: string, kind: string): Ingredient[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items.map((item) => {
    const match = /\s*\[([^\]]+)\]/.exec(item);
    if (!match) return { name: item.trim() };
    const name = (item.slice(0, match.index) + item.slice(match.index + match[0].length)).trim();
    return { name, allergens: allergensIn(match[1]!, kind) };
  });
}

export function foodInformationOf(kind: string, storage: string): FoodInformation | null {
  const facts = foodFacts[kind];
  if (!facts) return null;
  const [text, traces, values, per] = facts;
  const ingredients = ingredientsOf(text, kind);
  const allergens = [...new Set(ingredients.flatMap((i) => i.allergens ?? []))];
  const mayContain = allergensIn(traces, kind).filter((slug) => !allergens.includes(slug));
  const [kcal, fat, saturates, carbohydrate, sugars, protein, salt] = values;
  return {
    ingredients,
    allergens: ALLERGEN_SLUGS.filter((slug) => allergens.includes(slug)),
    mayContain: ALLERGEN_SLUGS.filter((slug) => mayContain.includes(slug)),
    nutrition: {
      per: per === 'ml' ? '100 ml' : '100 g',
      energyKj: Math.round(kcal * 4.184),
      energyKcal: kcal,
      fat,
      saturates,
      carbohydrate,
      sugars,
      protein,
      salt,
    },
    storage,
  };
}
