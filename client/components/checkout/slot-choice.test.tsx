import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SlotOption } from '../orders/delivery-time';
import { SlotChoice } from './slot-choice';
import type { PricedCart } from './slot-fee';

// The slot list says what each slot costs this cart (ADR 0334): past the free-delivery threshold,
// free with the fee it waives, as the totals say; below it, the slot's fee. Before, it said each
// slot's fee whatever the cart.
const option = (id: string, time: string, fee: number, available = true): SlotOption => ({
  id,
  label: `Tue 14 Jul, ${time}`,
  day: '2026-07-14',
  dayLabel: 'Tue 14 Jul',
  weekday: 'Tue',
  date: '14 Jul',
  time,
  fee,
  available,
  remaining: available ? 3 : 0,
});
const slots = [
  option('s-8', '08:00–10:00', 495),
  option('s-10', '10:00–12:00', 495),
  option('s-12', '12:00–14:00', 0),
  option('s-16', '16:00–18:00', 495, false),
];
const quote = { slotId: 's-8', subtotal: 5999, deliveryFee: 495, freeDeliveryFrom: 6000 };

function render(priced: PricedCart | null): string {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <SlotChoice slots={slots} chosen="s-8" priced={priced} form="order" />,
    },
  ]);
  return renderToString(<Stub />).replace(/<!-- -->/g, '');
}
const details = (html: string) =>
  [...html.matchAll(/<span class="choice-detail">([^<]*)<\/span>/g)].map((m) => m[1]);
const names = (html: string) => [...html.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);

describe('SlotChoice', () => {
  it('says every slot is free past the threshold, with the fee it waives', () => {
    const html = render({ ...quote, subtotal: 6000, deliveryFee: 0 });
    expect(details(html)).toEqual([
      'Free delivery (usually €4.95)',
      'Free delivery (usually €4.95)',
      'Free delivery',
      'Full',
    ]);
    expect(names(html)).toContain('Tue 14 Jul, 10:00–12:00, free delivery (usually €4.95)');
  });

  it("says each slot's fee just under the threshold, and a slot that costs nothing as free", () => {
    expect(details(render(quote))).toEqual(['€4.95', '€4.95', 'Free delivery', 'Full']);
    expect(details(render(null))).toEqual(['€4.95', '€4.95', 'Free delivery', 'Full']);
  });
});
