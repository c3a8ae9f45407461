import type { z } from 'zod';
import { upstreamOperations } from '../../shared/upstream/contract';
import type { UpstreamOperation } from '../../shared/upstream/operation';
import { TENANTS, type TenantKey } from '../support/platform';
import { address, blinkReport, choice, type World } from './cross-shopper-worlds';

// Every operation of the upstream contract that names a shopper's thing or acts on the caller's
// own data, one row each (a few have a second row that mixes the caller's own thing with someone
// else's). The rows say what to send, with world A's ids; cross-shopper-check.ts sends it as
// everyone but A and checks that nobody reaches A's data. An operation neither here nor in PUBLIC
// fails the coverage test: a new operation needs a row, or a line saying why it is public.

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

/**
 * Operations anyone may call and that name no shopper's thing: the shop's content and catalogue
 * (public by the specification), and the token and registration endpoints, which take what the
 * caller holds (a password, a refresh token, a key from an e-mail) and hand out or end only the
 * session of whoever holds it. The proxy refuses uaa's token paths (server/proxy/services.ts).
 */
export const PUBLIC: readonly string[] = [
  'cmsGetHome',
  'cmsGetPages',
  'cmsGetPagesByPageId',
  'cmsGetPolicies',
  'cmsGetPoliciesByPolicyCode',
  'uaaPostAuthSignIn',
  'uaaPostAuthGuest',
  'uaaPostAuthRefresh',
  // Ends the session named by the token or refresh token sent: holding A's token is being A.
  'uaaPostAuthSignOut',
  'uaaPostAuthExternal',
  'uaaPostRegister',
  'uaaPostActivate',
  'uaaPostAccountResetPasswordInit',
  'uaaPostAccountResetPasswordFinish',
  'catalogueGetProductsBySlug',
  'catalogueGetProductsFeatured',
  'catalogueGetProductsByIdRelated',
  'catalogueGetOfferings',
  'catalogueGetBrands',
  'catalogueGetBrandsByBrandSlug',
  'catalogueGetCategories',
  'catalogueGetCategoriesBySlug',
  'catalogueGetSearch',
  'catalogueGetSuggest',
  'catalogueGetImagesByProductIdByFile',
];

const addItem = (w: World) => ({ offeringId: w.offeringIds[0]!, quantity: 1, byCase: false });

export const ROWS: readonly Row[] = [
  {
    op: 'cmsGetContext',
    kind: 'own',
    // The page's location names the shop the gateway was asked for.
    ask: (a, me, shop) => ({
      query: {
        cid: 'CrossShopper00000000000000000000',
        isLoggedIn: 'true',
        url: JSON.stringify({ host: new URL(TENANTS[shop].origin).host, pathname: '/' }),
      },
    }),
  },
  { op: 'uaaGetAccount', kind: 'own', ask: () => ({}) },
  { op: 'uaaGetAccountIdentities', kind: 'own', ask: () => ({}) },
  {
    op: 'uaaDeleteAccountIdentitiesById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.identityIds[0]! } }),
    spends: true,
  },
  {
    op: 'uaaPostAccountSetPassword',
    kind: 'own',
    ask: () => ({ body: { newPassword: 'taken-over-1' } }),
    spends: true,
  },
  {
    op: 'bookingMsGetBookingsCartTenantByTenantId',
    kind: 'own',
    ask: (a) => ({ params: { tenantId: a.tenant } }),
  },
  {
    op: 'bookingMsPutBookingsCartTenantByTenantIdItem',
    kind: 'own',
    ask: (a, me) => ({ params: { tenantId: a.tenant }, body: addItem(me) }),
  },
  {
    op: 'bookingMsPutBookingsCartTenantByTenantIdItem',
    kind: 'names',
    note: 'substItemUid: an item of A’s cart',
    ask: (a, me) => ({
      params: { tenantId: a.tenant },
      query: { substItemUid: a.cartItemUid },
      body: addItem(me),
    }),
    spends: true,
  },
  {
    op: 'bookingMsDeleteBookingsCartTenantByTenantIdItem',
    kind: 'names',
    ask: (a) => ({ params: { tenantId: a.tenant }, query: { bookingItemUid: a.cartItemUid } }),
    spends: true,
  },
  {
    op: 'bookingMsDeleteBookingsCartTenantByTenantIdItems',
    kind: 'own',
    note: 'uids not in the caller’s cart are ignored (200): A’s item stays',
    ask: (a) => ({ params: { tenantId: a.tenant }, body: { items: [{ uid: a.cartItemUid }] } }),
    spends: true,
  },
  {
    op: 'bookingMsGetBookingsCartCopyBookingToCart',
    kind: 'names',
    ask: (a) => ({ query: { bookingId: a.orderId } }),
    spends: true,
  },
  { op: 'ordersGetDeliverySlots', kind: 'own', ask: () => ({}) },
  { op: 'ordersPostOrdersQuote', kind: 'own', ask: (a, me) => ({ body: { slotId: me.slotId } }) },
  {
    op: 'ordersPostOrders',
    kind: 'names',
    note: 'A’s address with the caller’s own card',
    ask: (a, me) => ({ body: choice(a, me, me) }),
    refusals: [400],
    spends: true,
  },
  {
    op: 'ordersPostOrders',
    kind: 'names',
    note: 'A’s card with the caller’s own address',
    ask: (a, me) => ({ body: choice(me, a, me) }),
    refusals: [400],
    spends: true,
  },
  { op: 'ordersGetOrders', kind: 'own', ask: () => ({}) },
  { op: 'ordersGetOrdersById', kind: 'names', ask: (a) => ({ params: { id: a.orderId } }) },
  {
    op: 'ordersPutOrdersById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.orderId }, body: { notes: 'changed by someone else' } }),
    spends: true,
  },
  {
    op: 'ordersPutOrdersById',
    kind: 'names',
    note: 'the caller’s own order sent to A’s address',
    ask: (a, me) => ({ params: { id: me.orderId }, body: { addressId: a.addressId } }),
    refusals: [400],
    spends: true,
  },
  {
    op: 'ordersPostOrdersByIdCancel',
    kind: 'names',
    ask: (a) => ({ params: { id: a.orderId } }),
    spends: true,
  },
  {
    op: 'ordersPostGuestOrders',
    kind: 'own',
    owner: 'guest',
    ask: (a, me) => ({
      body: {
        email: 'someone@example.com',
        address,
        card: {
          cardNumber: '4242424242424242',
          expiryMonth: 12,
          expiryYear: 2099,
          holderName: 'S',
        },
        slotId: me.slotId,
      },
    }),
    spends: true,
  },
  {
    op: 'ordersGetGuestOrdersById',
    kind: 'names',
    owner: 'guest',
    ask: (a) => ({ params: { id: a.guest.orderId } }),
  },
  {
    op: 'ordersPostGuestOrdersByIdAccount',
    kind: 'names',
    owner: 'guest',
    ask: (a) => ({ params: { id: a.guest.orderId }, body: { password: 'taken-over-1' } }),
    spends: true,
  },
  { op: 'shoppingListsGetLists', kind: 'own', ask: () => ({}) },
  { op: 'shoppingListsPostLists', kind: 'own', ask: () => ({ body: { name: 'Another list' } }) },
  {
    op: 'shoppingListsGetListsByListId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId } }),
  },
  {
    op: 'shoppingListsPutListsByListId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId }, body: { name: 'Renamed' } }),
    spends: true,
  },
  {
    op: 'shoppingListsDeleteListsByListId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId } }),
    spends: true,
  },
  {
    op: 'shoppingListsPostListsByListIdItems',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId }, body: addItem(a) }),
    spends: true,
  },
  {
    op: 'shoppingListsPutListsByListIdItemsByItemId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId, itemId: a.itemId }, body: { quantity: 7 } }),
    spends: true,
  },
  {
    op: 'shoppingListsPutListsByListIdItemsByItemId',
    kind: 'names',
    note: 'A’s item under the caller’s own list',
    ask: (a, me) => ({ params: { listId: me.listId, itemId: a.itemId }, body: { quantity: 7 } }),
  },
  {
    op: 'shoppingListsDeleteListsByListIdItemsByItemId',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId, itemId: a.itemId } }),
    spends: true,
  },
  {
    op: 'shoppingListsDeleteListsByListIdItemsByItemId',
    kind: 'names',
    note: 'A’s item under the caller’s own list',
    ask: (a, me) => ({ params: { listId: me.listId, itemId: a.itemId } }),
    spends: true,
  },
  {
    op: 'shoppingListsPostListsByListIdToCart',
    kind: 'names',
    ask: (a) => ({ params: { listId: a.listId }, body: {} }),
    spends: true,
  },
  { op: 'smartCartsGetSmartCarts', kind: 'own', ask: () => ({}) },
  { op: 'smartCartsPostSmartCarts', kind: 'own', ask: () => ({ body: { name: 'Another' } }) },
  {
    op: 'smartCartsPostSmartCartsFromCart',
    kind: 'own',
    ask: () => ({ body: { name: 'From cart' } }),
  },
  {
    op: 'smartCartsGetSmartCartsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId } }),
  },
  {
    op: 'smartCartsPutSmartCartsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId }, body: { name: 'Renamed' } }),
    spends: true,
  },
  {
    op: 'smartCartsDeleteSmartCartsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId } }),
    spends: true,
  },
  {
    op: 'smartCartsPostSmartCartsByIdQuote',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId }, body: {} }),
  },
  {
    op: 'smartCartsPostSmartCartsByIdOrder',
    kind: 'names',
    ask: (a, me) => ({ params: { id: a.smartCartId }, body: choice(me, me, me) }),
    spends: true,
  },
  {
    op: 'smartCartsPostSmartCartsByIdOrder',
    kind: 'names',
    note: 'the caller’s own smart cart paid with A’s card',
    ask: (a, me) => ({ params: { id: me.smartCartId }, body: choice(me, a, me) }),
    refusals: [400],
    spends: true,
  },
  {
    op: 'smartCartsGetSmartCartsByIdOrdersByOrderId',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId, orderId: a.smartOrderId } }),
  },
  {
    op: 'smartCartsGetSmartCartsByIdOrdersByOrderId',
    kind: 'names',
    note: 'A’s order under the caller’s own smart cart',
    ask: (a, me) => ({ params: { id: me.smartCartId, orderId: a.smartOrderId } }),
    control: (a) => ({ params: { id: a.smartCartId, orderId: a.smartOrderId } }),
  },
  {
    op: 'smartCartsPostSmartCartsByIdAddCart',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId } }),
    spends: true,
  },
  {
    op: 'smartCartsPostSmartCartsByIdToCart',
    kind: 'names',
    ask: (a) => ({ params: { id: a.smartCartId } }),
    spends: true,
  },
  { op: 'profileGetInfo', kind: 'own', ask: () => ({}) },
  {
    op: 'profilePutInfo',
    kind: 'own',
    ask: () => ({ body: { firstName: 'Someone', lastName: 'Else', phone: '' } }),
    spends: true,
  },
  { op: 'profileGetAddresses', kind: 'own', ask: () => ({}) },
  { op: 'profilePostAddresses', kind: 'own', ask: () => ({ body: address }) },
  {
    op: 'profilePutAddressesById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.addressId }, body: address }),
    spends: true,
  },
  {
    op: 'profileDeleteAddressesById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.addressId } }),
    spends: true,
  },
  { op: 'profileGetPaymentMethods', kind: 'own', ask: () => ({}) },
  {
    op: 'profilePostPaymentMethods',
    kind: 'own',
    ask: () => ({
      body: { cardNumber: '5555555555554444', expiryMonth: 1, expiryYear: 2098, holderName: 'S' },
    }),
  },
  {
    op: 'profilePutPaymentMethodsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.cardId }, body: { isDefault: true } }),
  },
  {
    op: 'profileDeletePaymentMethodsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.cardId } }),
    spends: true,
  },
  {
    op: 'diagnosticsPutBlinkReportsByCid',
    kind: 'names',
    note: 'insert-only: a second report under a CID is refused (409), whoever sends it',
    ask: (a) => ({ params: { cid: a.blinkCid }, body: blinkReport('overwritten') }),
    refusals: [409],
    reveals: 'whoever sends a report under a CID taken learns that one is there (ADR 0244)',
    control: (a) => ({
      params: { cid: a.blinkCid.replace(/^./, 'Z') },
      body: blinkReport('a new one'),
    }),
  },
  {
    op: 'diagnosticsGetBlinkReportsByCid',
    kind: 'names',
    // Support reads a report by the CID the shopper quotes: anyone of the shop may, with the CID
    // (the gateway's page asks for the proof only its browser has, diagnostics-reports.test.ts).
    // Another shop may not.
    only: ['shopper of the other shop', 'owner on the other shop'],
    ask: (a) => ({ params: { cid: a.blinkCid } }),
  },
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
