import type { TenantKey } from '../../support/platform';
import type { World } from '../cross-shopper-worlds';

// What a row of the cross-shopper table says (../cross-shopper-table.ts): what to send, with world
// A's ids, and what the answers may be. The rows themselves are in this folder, by area.

/** What a row sends: the operation's path parameters, query and body (checked by its schemas). */
export type Ask = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
};

/**
 * Who the request is from: `me` is the caller's own world (A's for callers without one), `shop`
 * the shop the request is sent to.
 */
export type Build = (a: World, me: World, shop: TenantKey) => Ask;

export type Row = {
  op: string;
  /**
   * names: the request names the owner's thing (in the path, query or body): everyone else is
   * refused as if it did not exist. own: it acts on the caller's own data (their list of orders,
   * their cart): anyone may be answered, with their own data only.
   */
  kind: 'names' | 'own';
  /** Whose thing: the account's (default) or its guest session's (guest checkout). */
  owner?: 'account' | 'guest';
  ask: Build;
  /** Refusals the contract gives beside 401, 403 and 404 (400: an id in the body unknown). */
  refusals?: readonly number[];
  /** The owner's own call changes the world (deletes, places): the next row gets a new one. */
  spends?: boolean;
  /** The owner's call, when it cannot be the same request (a report is stored once per CID). */
  control?: Build;
  /** Only these callers: the others may see it by design (the comment says why). */
  only?: readonly CallerName[];
  /** Why the refusal may differ from an unknown id's (it tells the thing exists), by design. */
  reveals?: string;
  note?: string;
};

export type CallerName =
  | 'other shopper'
  | 'guest'
  | 'shopper of the other shop'
  | 'no token'
  | 'owner on the other shop'
  | 'expired token'
  | 'forged token';

/** The body that adds a world's first offering, once, to a cart or a list. */
export const addItem = (w: World) => ({
  offeringId: w.offeringIds[0]!,
  quantity: 1,
  byCase: false,
});
