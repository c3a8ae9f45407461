import type { LimitAnswer } from '../../shared/load-context';

// The analytics budget (RATE_LIMIT_ANALYTICS, ADR 0266) counts events, not posts: one post holds
// up to 20, each a row at the sink, so counting posts let one address store twenty times its
// budget (ADR 0344). The post itself took the first unit before its body was read (the
// 'analytics' bucket, taken by the route's onRequest once the Host is known to be a shop's, ADR
// 0364, which also refuses a spent address unread); each further event takes one more, in the
// batch's order, until the budget says no.

/** How many of a batch's `count` events fit in the address's budget, the first already taken. */
export async function eventsWithinBudget(
  count: number,
  takeOne: () => Promise<LimitAnswer>,
): Promise<number> {
  let fitting = Math.min(count, 1);
  // One at a time, stopping at the first refusal: a refused take is logged once, not per event.
  while (fitting < count && (await takeOne()).ok) fitting++;
  return fitting;
}
