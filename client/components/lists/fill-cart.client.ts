import { cartStore } from '../../cart/cart-store';
import { readBooking } from '../../cart/read-booking';
import { apiFetch } from '../../lib/api';
import { NO_LONGER_SOLD, type Filled } from './fill-notice';

// "Add all to cart" (a list, one of its items, a smart cart) with JavaScript: the same to-cart call
// of the lists service the form makes without it, through the gateway's proxy. The platform adds
// the quantities to what the cart holds at that moment, so a change made in another tab since this
// page loaded is kept (adding to this page's copy of the cart and sending absolute quantities
// overwrote it); the answer's cart becomes the store's, and the widget shows it. The form's key
// goes along as Idempotency-Key: the same fill sent again adds nothing (docs/decisions/0328).
export type FillOutcome = { ok: true; filled: Filled } | { ok: false; message: string };

const FAILED = 'Sorry, the cart could not be updated. Please try again.';

type ToCartAnswer = {
  booking?: unknown;
  added?: unknown;
  units?: unknown;
  notAdded?: unknown;
  capped?: unknown;
};

type NotAdded = { name?: unknown; reason?: unknown };

/** Names of the items whose line could not take all of their quantity (`capped`). */
function cappedNames(capped: unknown): string[] {
  if (!Array.isArray(capped)) return [];
  return (capped as { name?: unknown }[])
    .map((item) => item?.name)
    .filter((name): name is string => typeof name === 'string');
}

/** Names of the items the platform did not add (`notAdded`), as the page without JavaScript shows. */
function namesOf(notAdded: unknown, full: boolean): string[] {
  if (!Array.isArray(notAdded)) return [];
  return (notAdded as NotAdded[])
    .filter((item) => (item?.reason === 'cart_full') === full)
    .map((item) => (typeof item?.name === 'string' ? item.name : NO_LONGER_SOLD));
}

export async function fillCartFrom(path: string, body: object, key: string): Promise<FillOutcome> {
  const answer = await apiFetch<ToCartAnswer>(path, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': key },
  });
  if (!answer.ok)
    return { ok: false, message: answer.status < 500 ? answer.error.message : FAILED };
  const booking = readBooking(answer.data?.booking);
  if (!booking) return { ok: false, message: FAILED };
  cartStore.adopt(booking);
  const added = typeof answer.data.added === 'number' ? answer.data.added : 0;
  const { units, notAdded, capped } = answer.data;
  return {
    ok: true,
    filled: {
      added,
      units: typeof units === 'number' ? units : null,
      missing: namesOf(notAdded, false),
      full: namesOf(notAdded, true),
      capped: cappedNames(capped),
    },
  };
}
