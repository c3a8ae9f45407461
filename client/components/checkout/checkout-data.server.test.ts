import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orderPaths, type DeliverySlotList } from '../../../shared/contracts/orders';
import { profilePaths } from '../../../shared/contracts/profile';
import type { PlatformCall } from '../../../shared/load-context';
import { loadCheckout, type CheckoutData } from './checkout-data.server';

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

type QuoteAnswer = { ok: boolean; status: number; body: unknown };
const refusal = (code: string, message: string): QuoteAnswer => ({
  ok: false,
  status: 400,
  body: { error: { code, message, cid: 'c' } },
});

/**
 * A platform answering the checkout's calls; the quote names `priced(body)` as its slot, or is
 * the answer `priced` gives.
 */
function checkoutContext(
  priced: (body: { slotId?: string; fallback?: string }) => string | null | QuoteAnswer,
) {
  const quotes: unknown[] = [];
  const call = async ({ path, body }: PlatformCall) => {
    if (path === orderPaths.quote) {
      quotes.push(body);
      const slotId = priced(body as { slotId?: string; fallback?: string });
      if (typeof slotId === 'object' && slotId !== null) return slotId;
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
/** The checkout's data, its cart one that can be ordered. */
async function ready(context: AppLoadContext, url: URL): Promise<CheckoutData> {
  const data = await loadCheckout(context, url);
  if ('refused' in data) throw new Error(`refused: ${data.refused.message}`);
  return data;
}

describe('loadCheckout', () => {
  it('asks for one quote, with the fallback, when the platform prices the slot the page shows', async () => {
    const { context, quotes } = checkoutContext((body) => body.slotId ?? 'slot-a');
    const first = await ready(context, page());
    expect(first.chosen.slotId).toBe('slot-a');
    expect(first.quote.slotId).toBe('slot-a');
    const later = await ready(context, page('?slotId=slot-b'));
    expect(later.chosen.slotId).toBe('slot-b');
    expect(quotes).toEqual([{ fallback: 'earliest' }, { slotId: 'slot-b', fallback: 'earliest' }]);
  });

  it("sends no slot id that is not one (a blank or an overlong one): the platform's earliest", async () => {
    const { context, quotes } = checkoutContext(() => 'slot-a');
    await ready(context, page('?slotId='));
    await ready(context, page(`?slotId=${'x'.repeat(101)}`));
    expect(quotes).toEqual([{ fallback: 'earliest' }, { fallback: 'earliest' }]);
  });

  it("quotes the page's choice again when the platform priced another slot", async () => {
    // The platform saw slot-a filled between the two reads and priced slot-b.
    const { context, quotes } = checkoutContext((body) =>
      body.fallback ? 'slot-b' : (body.slotId ?? null),
    );
    const data = await ready(context, page('?slotId=slot-full'));
    expect(data.chosen.slotId).toBe('slot-a');
    expect(data.quote.slotId).toBe('slot-a');
    expect(quotes).toEqual([{ slotId: 'slot-full', fallback: 'earliest' }, { slotId: 'slot-a' }]);
  });
});

describe('loadCheckout of a cart that cannot be ordered as it stands', () => {
  const TOO_LARGE = 'This order is too large: it has 301 lines, at most 300 are allowed';
  const tooLarge = { refused: { code: 'order_too_large', message: TOO_LARGE } };

  it("answers the platform's reason, for the page to show, instead of throwing", async () => {
    const { context } = checkoutContext(() => refusal('order_too_large', TOO_LARGE));
    expect(await loadCheckout(context, page())).toEqual(tooLarge);
  });

  it("answers it from the chosen slot's own quote too", async () => {
    const { context, quotes } = checkoutContext((body) =>
      body.fallback ? 'slot-b' : refusal('order_too_large', TOO_LARGE),
    );
    expect(await loadCheckout(context, page('?slotId=slot-a'))).toEqual(tooLarge);
    expect(quotes).toHaveLength(2);
  });

  it('answers items no longer on sale the same way', async () => {
    const message = 'Cannot order: Milk (off-1) is not available';
    const { context } = checkoutContext(() => refusal('items_unavailable', message));
    expect(await loadCheckout(context, page())).toEqual({
      refused: { code: 'items_unavailable', message },
    });
  });

  it("still throws any other refusal of the quote, for the route's error screen", async () => {
    const { context } = checkoutContext(() => refusal('bad_request', 'Invalid body: slotId'));
    const thrown = await loadCheckout(context, page()).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      data: { message: 'Invalid body: slotId' },
      init: { status: 400 },
    });
  });
});
