// The failures a visitor asks for on /sentry-test (issue #7 item 4), marked so the gateway reports
// them as what they are (ADR 0348): under their own fault kind, `test`, with a budget of their
// own, never from the budget of real exceptions, which six addresses' deliberate failures used
// up each minute. A registered symbol: the route's code and the gateway are separate bundles.
const DELIBERATE = Symbol.for('storefront.deliberate-fault');

/** An error raised on purpose, to see it reported. */
export function deliberateFault(message: string): Error {
  return Object.assign(new Error(message), { [DELIBERATE]: true });
}

export const isDeliberateFault = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as Record<symbol, unknown>)[DELIBERATE] === true;
