/**
 * The order forms' hidden field: a key made when the form is rendered, sent to the platform as
 * `Idempotency-Key`, so a replayed or retried submission returns the first order (docs/decisions/0140).
 * Its own module, so the pages that render it do not pull zod into the browser (issue #11).
 */
export const ORDER_KEY_FIELD = 'idempotencyKey';
