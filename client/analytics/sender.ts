import type { Booking } from '../../shared/contracts/booking';
import type { ProductSummary } from '../../shared/contracts/catalogue';
import { CART_UPDATED, isStoreEvent, type CartUpdatedDetail } from '../cart/cart-events';
import { cartStore } from '../cart/cart-store';
import { readCidFromDocument } from '../lib/cid-context';
import { apiFetch } from '../lib/api';
import { beaconBodies, itemChunks } from './beacon-batches';
import { consented } from './consented';

// The event sender, loaded only after consent (./track.ts; ADR 0267): events of one moment go in
// one navigator.sendBeacon to the gateway's /analytics/events, as text/plain JSON (a beacon
// cannot send application/json without CORS), with the page's CID. The cart's changes become
// add_to_cart / remove_from_cart: the quantities of the store's cart:updated events compared with
// the last ones, named and priced from the catalogue's offerings (in beacons and events the
// gateway takes however many lines change at once: ./beacon-batches.ts).
/** An event's parameters, as GA4 names them (./items.ts builds the e-commerce ones). */
export type TrackParams = Record<string, unknown>;

const PATH = '/analytics/events';
let queue: { name: string; params: TrackParams }[] = [];

export function send(name: string, params: TrackParams): void {
  if (queue.length === 0) setTimeout(flush, 0);
  queue.push({ name, params });
}

function flush(): void {
  // Once loaded, the sender stays for the tab's life; consent withdrawn since (in another tab:
  // the /consent page, the banner) must stop it at once, not only at the gateway, which drops
  // what arrives without consent but still receives it.
  if (!consented()) {
    queue = [];
    return;
  }
  for (const body of beaconBodies(readCidFromDocument(), queue))
    if (!navigator.sendBeacon?.(PATH, body))
      void fetch(PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  queue = [];
}

// The catalogue's /offerings takes at most this many ids a call (IDS_PER_CALL of the contracts,
// restated: they would bring zod to the browser); past it the whole call was refused, and every
// item of the change went unnamed and unpriced.
const IDS_PER_CALL = 100;

async function summariesOf(ids: readonly string[]): Promise<Record<string, ProductSummary>> {
  const summaries: Record<string, ProductSummary> = {};
  for (let at = 0; at < ids.length; at += IDS_PER_CALL) {
    const some = ids.slice(at, at + IDS_PER_CALL).map(encodeURIComponent);
    const answer = await apiFetch<{ offerings?: Record<string, ProductSummary> }>(
      `/api/services/catalogue/api/v1/offerings?ids=${some.join(',')}`,
    );
    if (answer.ok) Object.assign(summaries, answer.data.offerings);
  }
  return summaries;
}

type Line = { offeringId: string; byCase: boolean; quantity: number };
const lineKey = (l: Line) => `${l.offeringId}:${l.byCase ? 'case' : 'single'}`;
const linesOf = (booking: Booking | null) =>
  new Map((booking?.items ?? []).map((item) => [lineKey(item), item as Line]));

let last = linesOf(cartStore.getState().booking);

async function cartChanged(booking: Booking): Promise<void> {
  const now = linesOf(booking);
  const changes: { line: Line; delta: number }[] = [];
  for (const key of new Set([...last.keys(), ...now.keys()])) {
    const line = now.get(key) ?? last.get(key)!;
    const delta = (now.get(key)?.quantity ?? 0) - (last.get(key)?.quantity ?? 0);
    if (delta !== 0) changes.push({ line, delta });
  }
  last = now;
  // No catalogue call to name a change that will not be sent.
  if (changes.length === 0 || !consented()) return;
  const summaries = await summariesOf([...new Set(changes.map((c) => c.line.offeringId))]);
  const currency = Object.values(summaries)[0]?.offering.currency;
  for (const sign of [1, -1]) {
    const items = changes
      .filter((c) => Math.sign(c.delta) === sign)
      .map(({ line, delta }) => cartItem(line, Math.abs(delta), summaries[line.offeringId]));
    for (const some of itemChunks(items))
      send(sign > 0 ? 'add_to_cart' : 'remove_from_cart', {
        ...(currency ? { currency } : {}),
        value: round(some.reduce((sum, item) => sum + (item.price ?? 0) * item.quantity, 0)),
        items: some,
      });
  }
}

const round = (amount: number) => Math.round(amount * 100) / 100;

/** One GA4 item: a case counts as one item at the case's price. */
export function cartItem(line: Line, quantity: number, summary: ProductSummary | undefined) {
  const cents = summary
    ? line.byCase
      ? summary.offering.priceCaseCents
      : summary.offering.priceSingleCents
    : undefined;
  return {
    item_id: line.offeringId,
    ...(summary
      ? {
          item_name: summary.name,
          item_brand: summary.brand.name,
          item_category: summary.category.name,
        }
      : {}),
    ...(cents !== undefined ? { price: cents / 100 } : {}),
    quantity,
  };
}

window.addEventListener(CART_UPDATED, (event) => {
  const detail = (event as CustomEvent<CartUpdatedDetail>).detail;
  if (isStoreEvent(event) && detail.booking) void cartChanged(detail.booking);
});
