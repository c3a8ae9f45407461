import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Pack } from '../../../shared/unit-price';
import { OfferingPrice } from './offering-price';
import { PriceEach } from './price-each';
import { UnitPrice } from './unit-price';

// A price per unit of quantity reads short on screen ("€0.98 per l", as a shelf label prints it)
// and in words to a screen reader ("€0.98 per litre"), which says "l" as the letter
// (docs/decisions/0341). Every screen prints it through UnitPrice: search and product (the
// offering's price), the cart, and the line tables of the checkout, lists and smart carts.
function html(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  return renderToString(<Stub />).replace(/<!-- -->/g, '');
}

/** What a screen reader reads of the HTML: no aria-hidden part, the visually hidden part kept. */
const spoken = (markup: string) =>
  markup
    .replace(/<span aria-hidden="true">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();
/** What the eye sees: no visually hidden part. */
const seen = (markup: string) =>
  markup
    .replace(/<span class="visually-hidden">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim();

const litre: Pack = { amount: 1000, unit: 'ml' };

describe('UnitPrice', () => {
  it.each([
    [{ amount: 1000, unit: 'ml' }, 98, '€0.98 per l', '€0.98 per litre'],
    [{ amount: 500, unit: 'g' }, 250, '€5.00 per kg', '€5.00 per kilogram'],
    [{ amount: 200, unit: 'g' }, 150, '€0.75 per 100 g', '€0.75 per 100 grams'],
    [{ amount: 200, unit: 'ml' }, 150, '€0.75 per 100 ml', '€0.75 per 100 millilitres'],
    [{ amount: 30, unit: 'm' }, 300, '€0.10 per m', '€0.10 per metre'],
    [{ amount: 6, unit: 'each' }, 300, '€0.50 per item', '€0.50 per item'],
  ] as [Pack, number, string, string][])(
    'shows %j short and says it in words',
    (pack, cents, short, words) => {
      const markup = html(<UnitPrice cents={cents} pack={pack} currency="EUR" />);
      expect(seen(markup)).toBe(short);
      expect(spoken(markup)).toBe(words);
    },
  );

  it('says the words on a product card, the product page and a line table', () => {
    const offering = {
      id: 'o-1',
      priceSingleCents: 98,
      priceCaseCents: 588,
      caseSize: 6,
      currency: 'EUR',
      available: true,
    } as Parameters<typeof OfferingPrice>[0]['offering'];
    const card = html(<OfferingPrice offering={offering} pack={litre} size="compact" />);
    expect(seen(card)).toContain('€0.98 each (€0.98 per l)');
    expect(spoken(card)).toContain('€0.98 each (€0.98 per litre)');
    const page = html(<OfferingPrice offering={offering} pack={litre} />);
    expect(spoken(page)).toContain('€0.98 per litre');
    expect(spoken(page)).not.toMatch(/per l\b/);
    const line = html(
      <PriceEach cents={98} byCase={false} caseSize={6} pack={litre} currency="EUR" />,
    );
    expect(spoken(line)).toBe('€0.98€0.98 per litre');
  });

  it('a case line says "per case" as its price per kg says "per", no slash (ADR 0356)', () => {
    const line = html(
      <PriceEach cents={588} byCase={true} caseSize={6} pack={litre} currency="EUR" />,
    );
    expect(seen(line)).toBe('€5.88 per case€0.98 per l');
    expect(spoken(line)).toBe('€5.88 per case€0.98 per litre');
  });
});
