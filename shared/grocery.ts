import { z } from 'zod';
import { ALLERGEN_SLUGS } from './allergens';

// What a grocer must show before purchase when selling at a distance in the EU (docs/decisions/
// 0214): the price per unit of quantity (Directive 98/6/EC) and the food information of
// Regulation 1169/2011 (ingredients with the 14 allergens emphasised, nutrition per 100 g or
// 100 ml, storage). Shared by the platform (which derives the pack from the size label) and the
// shop (which prints the unit price of a single item or a case from it).

export { ALLERGENS, ALLERGEN_SLUGS, allergenName, type AllergenSlug } from './allergens';
export const Allergen = z.enum(ALLERGEN_SLUGS);

/** How much a pack holds: grams, millilitres, metres or items. */
export const Pack = z.object({
  amount: z.number().positive(),
  unit: z.enum(['g', 'ml', 'm', 'each']),
});
export type Pack = z.infer<typeof Pack>;

const SIZE = /^(\d+(?:\.\d+)?)\s*(g|kg|ml|l|m|pack|bags)$/i;
const SCALE: Record<string, [number, Pack['unit']]> = {
  g: [1, 'g'],
  kg: [1000, 'g'],
  ml: [1, 'ml'],
  l: [1000, 'ml'],
  m: [1, 'm'],
  pack: [1, 'each'],
  bags: [1, 'each'],
};

/** The pack a size label names ("500 g", "1.5 l", "6 pack", "80 bags", "30 m"), or null. */
export function packOf(sizeLabel: string): Pack | null {
  const match = SIZE.exec(sizeLabel.trim());
  if (!match) return null;
  const [scale, unit] = SCALE[match[2]!.toLowerCase()]!;
  const amount = Math.round(Number(match[1]) * scale * 1000) / 1000;
  return amount > 0 ? { amount, unit } : null;
}

export type UnitPrice = { cents: number; per: 'kg' | 'l' | '100 g' | '100 ml' | 'm' | 'item' };

/**
 * The price per unit of quantity of `count` packs costing `cents` together: per kg or litre, per
 * 100 g or 100 ml for packs under 250 g or ml (the usual shelf-label rule), per metre, per item.
 * Rounded to the cent.
 */
export function unitPriceOf(cents: number, pack: Pack, count = 1): UnitPrice {
  const total = pack.amount * count;
  const per = (quantity: number, label: UnitPrice['per']) => ({
    cents: Math.round((cents * quantity) / total),
    per: label,
  });
  switch (pack.unit) {
    case 'g':
      return pack.amount < 250 ? per(100, '100 g') : per(1000, 'kg');
    case 'ml':
      return pack.amount < 250 ? per(100, '100 ml') : per(1000, 'l');
    case 'm':
      return per(1, 'm');
    case 'each':
      return per(1, 'item');
  }
}

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
