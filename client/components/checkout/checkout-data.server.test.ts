import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orderPaths, type DeliverySlotList } from '../../../shared/contracts/orders';
import { profilePaths } from '../../../shared/contracts/profile';
import type { PlatformCall } from '../../../shared/load-context';
import { loadCheckout } from './checkout-data.server';

// The checkout's quote goes with its other calls and names the slot the platform priced
// (ADR 0290); the page keeps its own choice and quotes again only when the two differ.
const slot = (id: string, available: boolean) => ({
  id,
  startsAt: '2026-12-01T09:00:00Z',
  endsAt: '2026-12-01T11:00:00Z',
  cutoffAt: '2026-11-30T20:00:00Z',
  fee: 495,
  remaining: available ? 3 : 0,
  available,
});
const SLOTS: DeliverySlotList = {
  timeZone: 'Europe/Dublin',
  currency: 'EUR',
  freeDeliveryFrom: 5000,
  items: [slot('slot-full', false), slot('slot-a', true), slot('slot-b', true)],
};

/** A platform answering the checkout's calls; the quote names `priced(body)` as its slot. */
function checkoutContext(priced: (body: { slotId?: string; fallback?: string }) => string | null) {
  const quotes: unknown[] = [];
  const call = async ({ path, body }: PlatformCall) => {
    if (path === orderPaths.quote) {
      quotes.push(body);
      const slotId = priced(body as { slotId?: string; fallback?: string });
      return { ok: true, status: 200, body: { slotId, lines: [], subtotal: 0, total: 0 } };
    }
    if (path === orderPaths.deliverySlots) return { ok: true, status: 200, body: SLOTS };
    if (path === profilePaths.addresses || path === profilePaths.paymentMethods)
      return { ok: true, status: 200, body: { items: [] } };
    throw new Error(`unexpected call ${path}`);
  };
  const context = {
    platform: { call },
    ready: Promise.resolve(),
    publicContext: { tenant: { locale: 'en-IE' } },
  } as unknown as AppLoadContext;
  return { context, quotes };
}

const page = (query = '') => new URL(`http://localhost/checkout${query}`);

describe('loadCheckout', () => {
  it('asks for one quote, with the fallback, when the platform prices the slot the page shows', async () => {
    const { context, quotes } = checkoutContext((body) => body.slotId ?? 'slot-a');
    const first = await loadCheckout(context, page());
    expect(first.chosen.slotId).toBe('slot-a');
    expect(first.quote.slotId).toBe('slot-a');
    const later = await loadCheckout(context, page('?slotId=slot-b'));
    expect(later.chosen.slotId).toBe('slot-b');
    expect(quotes).toEqual([{ fallback: 'earliest' }, { slotId: 'slot-b', fallback: 'earliest' }]);
  });

  it("sends no slot id that is not one (a blank or an overlong one): the platform's earliest", async () => {
    const { context, quotes } = checkoutContext(() => 'slot-a');
    await loadCheckout(context, page('?slotId='));
    await loadCheckout(context, page(`?slotId=${'x'.repeat(101)}`));
    expect(quotes).toEqual([{ fallback: 'earliest' }, { fallback: 'earliest' }]);
  });

  it("quotes the page's choice again when the platform priced another slot", async () => {
    // The platform saw slot-a filled between the two reads and priced slot-b.
    const { context, quotes } = checkoutContext((body) =>
      body.fallback ? 'slot-b' : (body.slotId ?? null),
    );
    const data = await loadCheckout(context, page('?slotId=slot-full'));
    expect(data.chosen.slotId).toBe('slot-a');
    expect(data.quote.slotId).toBe('slot-a');
    expect(quotes).toEqual([{ slotId: 'slot-full', fallback: 'earliest' }, { slotId: 'slot-a' }]);
  });
});
