import { z } from 'zod';
import { ALLERGEN_SLUGS } from './allergens';

// What a grocer must show before purchase when selling at a distance in the EU (docs/decisions/
// 0214): the price per unit of quantity (Directive 98/6/EC) and the food information of
// Regulation 1169/2011 (ingredients with the 14 allergens emphasised, nutrition per 100 g or
// 100 ml, storage). Shared by the platform (which derives the pack from the size label) and the
// shop (which prints the unit price of a single item or a case from it).

export { ALLERGENS, ALLERGEN_SLUGS, allergenName, type AllergenSlug } from './allergens';
export const Allergen = z.enum(ALLERGEN_SLUGS);

export { packOf, unitPriceOf, type UnitPrice } from './unit-price';

/** How much a pack holds (./unit-price.ts `Pack`, as a schema). */
export const Pack = z.object({
  amount: z.number().positive(),
  unit: z.enum(['g', 'ml', 'm', 'each']),
});
export type Pack = z.infer<typeof Pack>;

/** One ingredient, and the allergens it is (emphasised wherever the ingredients are listed). */
export const Ingredient = z.object({ name: z.string(), allergens: z.array(Allergen).optional() });
export type Ingredient = z.infer<typeof Ingredient>;

/** Per 100 g or 100 ml, as sold. */
export const Nutrition = z.object({
  per: z.enum(['100 g', '100 ml']),
  energyKj: z.number().int().nonnegative(),
  energyKcal: z.number().int().nonnegative(),
  fat: z.number().nonnegative(),
  saturates: z.number().nonnegative(),
  carbohydrate: z.number().nonnegative(),
  sugars: z.number().nonnegative(),
  protein: z.number().nonnegative(),
  salt: z.number().nonnegative(),
});
export type Nutrition = z.infer<typeof Nutrition>;

/** A food's information; null for what is not food (cleaning, toiletries, pet food, nappies). */
export const FoodInformation = z.object({
  ingredients: z.array(Ingredient),
  /** The allergens it contains (from its ingredients), and those it may contain (traces). */
  allergens: z.array(Allergen),
  mayContain: z.array(Allergen),
  nutrition: Nutrition,
  storage: z.string(),
});
export type FoodInformation = z.infer<typeof FoodInformation>;
