import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_UPDATED } from '../../client/cart/cart-events';
import type { Booking } from '../../shared/contracts/booking';
import { MAX_BODY, parseBatch } from './events';

// The browser's event sender (client/analytics/sender.ts, ADR 0267) against this gateway's check of
// its beacons (./events.ts): a change of many cart lines at once (a long list or a smart cart put
// into the cart) must arrive whole, every line named and priced. In Node: a window that is an
// event target, a beacon that records, a catalogue that answers at most 100 ids a call.
const LINES = 120;
const offering = (n: number) => `off-${String(n).padStart(4, '0')}`;
let beacons: string[];
let catalogueCalls: number;

function catalogue(input: string | URL | Request): Promise<Response> {
  catalogueCalls += 1;
  const ids = new URL(String(input), 'http://shop.test').searchParams.get('ids')!.split(',');
  if (ids.length > 100)
    return Promise.resolve(
      Response.json({ error: { message: 'At most 100 ids' } }, { status: 400 }),
    );
  const offerings = Object.fromEntries(
    ids.map((id) => [
      id,
      {
        name: `Product ${id} with a name as long as the shop's longest`,
        brand: { name: 'Meadowbrook Farmhouse Dairies' },
        category: { name: 'Dairy & Eggs' },
        offering: { priceSingleCents: 199, priceCaseCents: 1099, currency: 'EUR' },
      },
    ]),
  );
  return Promise.resolve(Response.json({ offerings }));
}

beforeEach(() => {
  beacons = [];
  catalogueCalls = 0;
  vi.resetModules();
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('document', { querySelector: () => null, cookie: 'consent=analytics:1' });
  vi.stubGlobal('navigator', { sendBeacon: (_path: string, body: string) => beacons.push(body) });
  vi.stubGlobal('fetch', vi.fn(catalogue));
});
afterEach(() => vi.unstubAllGlobals());

const booking = (lines: number): Booking => ({
  uid: 'cart-1',
  notes: [],
  lastUpdate: '2026-12-04T10:00:00.000Z',
  items: Array.from({ length: lines }, (_, n) => ({
    uid: `item-${n}`,
    offeringId: offering(n),
    quantity: 2,
    byCase: n % 2 === 1,
  })),
});

describe('the event sender with many cart lines changed at once', () => {
  it('sends every line, named and priced, in beacons the gateway takes', async () => {
    await import('../../client/analytics/sender');
    window.dispatchEvent(
      new CustomEvent(CART_UPDATED, { detail: { booking: booking(LINES), source: 'store' } }),
    );
    await vi.waitFor(() => expect(beacons.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 10));

    const events = beacons.flatMap((body) => {
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_BODY);
      const parsed = parseBatch(body);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.batch.events;
    });
    expect(new Set(events.map((event) => event.name))).toEqual(new Set(['add_to_cart']));
    const items = events.flatMap((event) => event.params.items ?? []);
    expect(items.map((item) => item.item_id).sort()).toEqual(
      Array.from({ length: LINES }, (_, n) => offering(n)),
    );
    expect(items.every((item) => item.item_name && item.quantity === 2)).toBe(true);
    // Each event's value is its own items'; together, the whole change: 60 singles and 60 cases.
    for (const event of events)
      expect(event.params.value).toBeCloseTo(
        (event.params.items ?? []).reduce((sum, item) => sum + item.price! * item.quantity!, 0),
      );
    const total = events.reduce((sum, event) => sum + event.params.value!, 0);
    expect(total).toBeCloseTo(60 * 2 * 1.99 + 60 * 2 * 10.99);
    expect(catalogueCalls).toBe(2);
  });
});
