// What the conformance steps share (docs/decisions/0233): the state the calls build up, a step's
// shape, and the small readers of answers the steps of every concern use.
export type Tokens = { access: string; refresh: string };
export type State = {
  origin: string;
  cid: string;
  /** The test account, when given. */
  credentials?: { email: string; password: string };
  tenantId?: string;
  /** The first country the shop delivers to (its context's), when it names one (ADR 0340). */
  deliveryCountry?: string;
  guest?: Tokens;
  account?: Tokens;
  info?: Body;
  pageId?: string;
  policyCode?: string;
  brandSlug?: string;
  categorySlug?: string;
  productId?: string;
  productSlug?: string;
  productName?: string;
  /** The offering the kit puts in carts and lists: one the account's cart does not hold. */
  offeringId?: string;
  offeringIds?: string[];
  /** The offerings the account's cart held before the kit's calls. */
  cartOfferings?: string[];
  /** The cart line the kit made, until it is taken out again. */
  itemUid?: string;
  orderId?: string;
  /** An order placed from a smart cart. */
  smartCartOrder?: { id: string; orderId: string };
  /** An order none of whose offerings the cart holds, so a reorder's lines can be taken out. */
  reorder?: { id: string; offerings: string[] };
  /** The cart lines a reorder added, until they are taken out again. */
  reorderedUids?: string[];
  listId?: string;
  listItemId?: string;
  smartCartId?: string;
  fromCartId?: string;
  addressId?: string;
  cardId?: string;
};
export type Body = Record<string, unknown>;
export type Step = {
  op: string;
  /** The token sent: a guest's or the test account's. */
  token?: 'guest' | 'account';
  /** State the call needs; missing: the operation is blocked. */
  needs?: readonly (keyof State)[];
  params?: (s: State) => Record<string, string>;
  query?: (s: State) => Record<string, string>;
  body?: (s: State) => unknown;
  /** A probe: the answer must be a refusal (4xx other than 404, 405), never a success. */
  probe?: boolean;
  /** The token is sent spoiled (its signature changed): a token the upstream did not issue. */
  spoiled?: boolean;
  /**
   * A request the gateway relies on being refused so (../refusal.ts): one of `statuses`, the
   * documented error body, and `code` as its error code when given; `what` names the request.
   */
  refused?: { what: string; statuses: readonly number[]; code?: string; because: string };
  keep?: (s: State, body: Body) => void;
};

export const first = (list: unknown) =>
  Array.isArray(list) ? (list[0] as Body | undefined) : undefined;

/**
 * The token with one character of its signature changed (of the whole, if it is not a JWT): a
 * token the upstream never issued, which it must refuse as it refuses an expired one.
 */
export function spoiled(token: string): string {
  const at = token.lastIndexOf('.') + 1;
  const swapped = token[at] === 'A' ? 'B' : 'A';
  return token.slice(0, at) + swapped + token.slice(at + 1);
}

/** A name the kit's own lists and smart carts are known by. */
export const kitName = (s: State, suffix = '') => `Conformance ${s.cid.slice(0, 8)}${suffix}`;

/** Keeps the uid of the kit's line in a booking (the cart, or what a fill put in it). */
export function keepCartLine(s: State, booking: unknown): void {
  const items = ((booking as Body | undefined)?.items as Body[] | undefined) ?? [];
  s.itemUid = items.find((item) => item.offeringId === s.offeringId)?.uid as string | undefined;
}

type IdKey = 'listId' | 'smartCartId' | 'fromCartId' | 'addressId' | 'cardId';

/** The path parameter `param` from the id kept under `key`. */
export const idParam = (key: IdKey, param: string) => (s: State) => ({ [param]: s[key]! });

/**
 * Something of the test account's made, used and deleted again: its collection read, one created
 * (its id kept under `key`), the calls `during` its life, then its deletion.
 */
export function madeAndDeleted(o: {
  list: string;
  create: string;
  remove: string;
  key: IdKey;
  param: string;
  body: (s: State) => unknown;
  during: readonly Step[];
}): Step[] {
  return [
    { op: o.list, token: 'account' },
    {
      op: o.create,
      token: 'account',
      body: o.body,
      keep: (s, b) => void (s[o.key] = b.id as string),
    },
    ...o.during,
    { op: o.remove, token: 'account', needs: [o.key], params: idParam(o.key, o.param) },
  ];
}
