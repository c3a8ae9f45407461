import { describe, expect, it } from 'vitest';
import { packOf, unitPriceOf } from '../../../shared/unit-price';
import { TENANT_PRICING } from '../02-catalogue';
import { categorySeeds } from './categories';
import { generateCatalogue } from './generate';
import { kindFacts } from './kind-facts';

// Pre-packed meat and fish are sold by weight: their price per unit of quantity is per kg
// (Directive 98/6/EC), not per item, so each pack states its content weight ("2 x 225 g", as a
// multipack does: ADR 0214). A pack of pieces ("2 pack") read as items and printed "€8.60 per item".
const MEAT_OR_FISH = /\b(meat|fish|seafood|chicken|beef|pork|lamb|turkey)\b/;
const meatAndFish = categorySeeds.flatMap((category) =>
  category.kinds
    .filter(([name]) => {
      const [, what = '', more = ''] = kindFacts[name] ?? [];
      return category.slug === 'meat-fish' || MEAT_OR_FISH.test(`${what} ${more}`);
    })
    .map(([name, sizes]) => ({ name, sizes })),
);

describe('meat and fish in the seed', () => {
  it('finds the kinds of every shelf, fish fingers and tinned tuna too', () => {
    const names = meatAndFish.map((kind) => kind.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Beef Sirloin Steak',
        'Salmon Fillets',
        'Fish Fingers',
        'Tuna Chunks',
      ]),
    );
  });

  it.each(meatAndFish.map((kind) => [kind.name, kind.sizes] as const))(
    '%s states a content weight in every size',
    (_name, sizes) => {
      for (const size of sizes) expect(packOf(size)?.unit, size).toBe('g');
    },
  );

  it('prices every seeded pack of pieces per kg, in every shop', () => {
    const { products, offerings } = generateCatalogue(TENANT_PRICING);
    const kinds = new Set(meatAndFish.map((kind) => kind.name));
    const pieces = products.filter(
      (p) =>
        kinds.has(p.variant ? p.name.slice(p.variant.length + 1) : p.name) &&
        /^\d+\s*x\s/.test(p.sizeLabel),
    );
    expect(pieces.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Beef Sirloin Steak', 'Fish Fingers']),
    );
    for (const product of pieces)
      for (const offering of offerings.filter((o) => o.productId === product.id))
        expect(unitPriceOf(offering.priceSingleCents, packOf(product.sizeLabel)!).per).toBe('kg');
  });
});
