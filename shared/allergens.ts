// The 14 allergens of Annex II of Regulation 1169/2011, in its order (docs/decisions/0214). No
// zod here: the search filters, in every page's bundle, read the slugs.
export const ALLERGENS = [
  { slug: 'gluten', name: 'Gluten' },
  { slug: 'crustaceans', name: 'Crustaceans' },
  { slug: 'eggs', name: 'Eggs' },
  { slug: 'fish', name: 'Fish' },
  { slug: 'peanuts', name: 'Peanuts' },
  { slug: 'soya', name: 'Soya' },
  { slug: 'milk', name: 'Milk' },
  { slug: 'nuts', name: 'Nuts' },
  { slug: 'celery', name: 'Celery' },
  { slug: 'mustard', name: 'Mustard' },
  { slug: 'sesame', name: 'Sesame' },
  { slug: 'sulphites', name: 'Sulphites' },
  { slug: 'lupin', name: 'Lupin' },
  { slug: 'molluscs', name: 'Molluscs' },
] as const;
export type AllergenSlug = (typeof ALLERGENS)[number]['slug'];
export const ALLERGEN_SLUGS = ALLERGENS.map((a) => a.slug) as [AllergenSlug, ...AllergenSlug[]];
export const allergenName = (slug: AllergenSlug) => ALLERGENS.find((a) => a.slug === slug)!.name;
