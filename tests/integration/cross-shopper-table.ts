import type { z } from 'zod';
import { upstreamOperations } from '../../shared/upstream/contract';
import type { UpstreamOperation } from '../../shared/upstream/operation';
import { ACCOUNT_ROWS } from './cross-shopper-rows/accounts';
import { CART_ROWS } from './cross-shopper-rows/carts';
import { DIAGNOSTICS_ROWS } from './cross-shopper-rows/diagnostics';
import { ORDER_ROWS } from './cross-shopper-rows/orders';
import { PROFILE_ROWS } from './cross-shopper-rows/profile';
import type { Ask, Row } from './cross-shopper-rows/row';
import { SHOPPING_LIST_ROWS } from './cross-shopper-rows/shopping-lists';
import { SMART_CART_ROWS } from './cross-shopper-rows/smart-carts';

// Every operation of the upstream contract that names a shopper's thing or acts on the caller's
// own data, one row each (a few have a second row that mixes the caller's own thing with someone
// else's). The rows say what to send, with world A's ids; cross-shopper-check.ts sends it as
// everyone but A and checks that nobody reaches A's data. An operation neither here nor in PUBLIC
// fails the coverage test: a new operation needs a row, or a line saying why it is public. The
// rows are in cross-shopper-rows/, one file an area; what a row says is cross-shopper-rows/row.ts.

export type { Ask, Build, CallerName, Row } from './cross-shopper-rows/row';
export { PUBLIC } from './cross-shopper-rows/public';

/** Every row, in the order they are sent: a row that spends its world leaves the next a new one. */
export const ROWS: readonly Row[] = [
  ...ACCOUNT_ROWS,
  ...CART_ROWS,
  ...ORDER_ROWS,
  ...SHOPPING_LIST_ROWS,
  ...SMART_CART_ROWS,
  ...PROFILE_ROWS,
  ...DIAGNOSTICS_ROWS,
];

/** The contract's operation of a row. */
export function operationOf(row: Row): UpstreamOperation {
  const op = upstreamOperations.find((o) => o.id === row.op);
  if (!op) throw new Error(`No operation ${row.op} in the upstream contract`);
  return op;
}

/** A row's request, checked against the operation's schemas: `/orders/ord-1?x=y` and its body. */
export function requestOf(op: UpstreamOperation, ask: Ask): { path: string; body?: unknown } {
  const check = (schema: z.ZodType | undefined, value: unknown, what: string) => {
    if (!schema) return;
    const parsed = schema.safeParse(value ?? {});
    if (!parsed.success) throw new Error(`${op.id}: bad ${what}: ${parsed.error.message}`);
  };
  check(op.params, ask.params, 'params');
  check(op.query, ask.query, 'query');
  if (op.body) check(op.body, ask.body, 'body');
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = ask.params?.[name];
    if (value === undefined) throw new Error(`${op.id}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = ask.query ? `?${new URLSearchParams(ask.query)}` : '';
  return { path: path + query, body: ask.body };
}
