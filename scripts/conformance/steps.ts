// The calls the conformance kit makes, in order (docs/decisions/0233): each names an operation of
// the upstream contract, what it needs from earlier answers, and what it keeps of its own. Calls
// that would leave lasting traces (orders, accounts, e-mails, passwords) are probes: a request the
// contract says must be refused (a bad body or an over-long id), which shows the operation exists
// without doing anything.
export type Tokens = { access: string; refresh: string };
export type State = {
  origin: string;
  cid: string;
  /** The test account, when given. */
  credentials?: { email: string; password: string };
  tenantId?: string;
  guest?: Tokens;
  account?: Tokens;
  pageId?: string;
  policyCode?: string;
  brandSlug?: string;
  categorySlug?: string;
  productId?: string;
  productSlug?: string;
  productName?: string;
  offeringId?: string;
  itemUid?: string;
  orderId?: string;
  listId?: string;
  listItemId?: string;
  smartCartId?: string;
  addressId?: string;
  cardId?: string;
};
type Body = Record<string, unknown> & { [key: string]: unknown };
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
  keep?: (s: State, body: Body) => void;
};

const LONG_ID = 'x'.repeat(150);
const first = (list: unknown) => (Array.isArray(list) ? (list[0] as Body | undefined) : undefined);
const pair = (body: Body): Tokens => ({
  access: String(body.access_token),
  refresh: String(body.refresh_token),
});
const ADDRESS = {
  name: 'Conformance Check',
  line1: '1 Test Street',
  line2: '',
  postcode: '1000',
  city: 'Testville',
  country: 'Testland',
  phone: '',
  instructions: '',
  isDefault: false,
};
const CARD = {
  cardNumber: '4242424242424242',
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 3,
  holderName: 'Conformance Check',
  isDefault: false,
};

export const STEPS: readonly Step[] = [
  {
    op: 'cmsGetContext',
    query: (s) => {
      const url = new URL(s.origin);
      return {
        cid: s.cid,
        isLoggedIn: 'false',
        url: JSON.stringify({ origin: url.origin, host: url.host, pathname: '/' }),
      };
    },
    keep: (s, body) => {
      const context = JSON.parse(body as unknown as string) as { tenant?: { id?: unknown } };
      if (context.tenant?.id !== undefined) s.tenantId = String(context.tenant.id);
    },
  },
  { op: 'uaaPostAuthGuest', keep: (s, b) => void (s.guest = pair(b)) },
  {
    op: 'uaaPostAuthSignIn',
    needs: ['credentials'],
    body: (s) => s.credentials,
    keep: (s, b) => void (s.account = pair(b)),
  },
  { op: 'uaaGetAccount', token: 'account' },
  {
    op: 'uaaPostAuthRefresh',
    needs: ['account'],
    body: (s) => ({ refresh_token: s.account!.refresh }),
    keep: (s, b) => void (s.account = pair(b)),
  },
  { op: 'uaaGetAccountIdentities', token: 'account' },
  { op: 'cmsGetHome' },
  { op: 'cmsGetPages', keep: (s, b) => void (s.pageId = first(b.pages)?.slug as string) },
  { op: 'cmsGetPagesByPageId', needs: ['pageId'], params: (s) => ({ pageId: s.pageId! }) },
  { op: 'cmsGetPolicies', keep: (s, b) => void (s.policyCode = first(b.pages)?.slug as string) },
  {
    op: 'cmsGetPoliciesByPolicyCode',
    needs: ['policyCode'],
    params: (s) => ({ policyCode: s.policyCode! }),
  },
  { op: 'catalogueGetBrands', keep: (s, b) => void (s.brandSlug = first(b.items)?.slug as string) },
  {
    op: 'catalogueGetBrandsByBrandSlug',
    needs: ['brandSlug'],
    params: (s) => ({ brandSlug: s.brandSlug! }),
  },
  {
    op: 'catalogueGetCategories',
    keep: (s, b) => void (s.categorySlug = first(b.items)?.slug as string),
  },
  {
    op: 'catalogueGetCategoriesBySlug',
    needs: ['categorySlug'],
    params: (s) => ({ slug: s.categorySlug! }),
  },
  {
    op: 'catalogueGetProductsFeatured',
    query: () => ({ limit: '4' }),
    keep: (s, b) => {
      const product = first(b.items);
      if (!product) return;
      s.productId = String(product.id);
      s.productSlug = String(product.slug);
      s.productName = String(product.name);
      s.offeringId = String((product.offering as Body | undefined)?.id);
    },
  },
  {
    op: 'catalogueGetSearch',
    // A word of a product's name: the search must find something to show.
    query: (s) => ({ q: (s.productName ?? 'a').split(/\s+/)[0]!, page: '1', pageSize: '5' }),
  },
  {
    op: 'catalogueGetProductsBySlug',
    needs: ['productSlug'],
    query: (s) => ({ slug: s.productSlug! }),
  },
  {
    op: 'catalogueGetProductsByIdRelated',
    needs: ['productId'],
    params: (s) => ({ id: s.productId! }),
  },
  { op: 'catalogueGetOfferings', needs: ['offeringId'], query: (s) => ({ ids: s.offeringId! }) },
  { op: 'catalogueGetSuggest', query: () => ({ q: 'a', limit: '4' }) },
  {
    op: 'catalogueGetImagesByProductIdByFile',
    needs: ['productId'],
    params: (s) => ({ productId: s.productId!, file: '1.svg' }),
  },
  // The cart of the test account: an item added, then removed; the cart is left as it was.
  {
    op: 'bookingMsGetBookingsCartTenantByTenantId',
    token: 'account',
    needs: ['tenantId'],
    params: (s) => ({ tenantId: s.tenantId! }),
  },
  {
    op: 'bookingMsPutBookingsCartTenantByTenantIdItem',
    token: 'account',
    needs: ['tenantId', 'offeringId'],
    params: (s) => ({ tenantId: s.tenantId! }),
    body: (s) => ({ offeringId: s.offeringId, quantity: 1, byCase: false }),
    keep: (s, b) => {
      const items = (b.items as Body[] | undefined) ?? [];
      s.itemUid = items.find((i) => i.offeringId === s.offeringId)?.uid as string | undefined;
    },
  },
  {
    op: 'bookingMsDeleteBookingsCartTenantByTenantIdItem',
    token: 'account',
    needs: ['tenantId', 'itemUid'],
    params: (s) => ({ tenantId: s.tenantId! }),
    query: (s) => ({ bookingItemUid: s.itemUid! }),
  },
  {
    op: 'bookingMsPutBookingsCartTenantByTenantIdItem',
    token: 'account',
    needs: ['tenantId', 'offeringId'],
    params: (s) => ({ tenantId: s.tenantId! }),
    body: (s) => ({ offeringId: s.offeringId, quantity: 1, byCase: false }),
    keep: (s, b) => {
      const items = (b.items as Body[] | undefined) ?? [];
      s.itemUid = items.find((i) => i.offeringId === s.offeringId)?.uid as string | undefined;
    },
  },
  {
    op: 'bookingMsDeleteBookingsCartTenantByTenantIdItems',
    token: 'account',
    needs: ['tenantId', 'itemUid'],
    params: (s) => ({ tenantId: s.tenantId! }),
    body: (s) => ({ items: [{ uid: s.itemUid }] }),
  },
  { op: 'ordersGetDeliverySlots', token: 'account' },
  { op: 'ordersPostOrdersQuote', token: 'account', body: () => ({}) },
  {
    op: 'ordersGetOrders',
    token: 'account',
    query: () => ({ page: '1', pageSize: '5' }),
    keep: (s, b) => void (s.orderId = first(b.items)?.id as string | undefined),
  },
  {
    op: 'ordersGetOrdersById',
    token: 'account',
    needs: ['orderId'],
    params: (s) => ({ id: s.orderId! }),
  },
  // Lists, smart carts, addresses and cards: one made, changed, read and deleted.
  { op: 'shoppingListsGetLists', token: 'account' },
  {
    op: 'shoppingListsPostLists',
    token: 'account',
    body: (s) => ({ name: `Conformance ${s.cid.slice(0, 8)}` }),
    keep: (s, b) => void (s.listId = b.id as string),
  },
  {
    op: 'shoppingListsPostListsByListIdItems',
    token: 'account',
    needs: ['listId', 'offeringId'],
    params: (s) => ({ listId: s.listId! }),
    body: (s) => ({ offeringId: s.offeringId, quantity: 1, byCase: false, note: '' }),
    keep: (s, b) => void (s.listItemId = first(b.items)?.id as string | undefined),
  },
  {
    op: 'shoppingListsPutListsByListIdItemsByItemId',
    token: 'account',
    needs: ['listId', 'listItemId'],
    params: (s) => ({ listId: s.listId!, itemId: s.listItemId! }),
    body: () => ({ quantity: 2 }),
  },
  {
    op: 'shoppingListsGetListsByListId',
    token: 'account',
    needs: ['listId'],
    params: (s) => ({ listId: s.listId! }),
  },
  {
    op: 'shoppingListsDeleteListsByListIdItemsByItemId',
    token: 'account',
    needs: ['listId', 'listItemId'],
    params: (s) => ({ listId: s.listId!, itemId: s.listItemId! }),
  },
  {
    op: 'shoppingListsPutListsByListId',
    token: 'account',
    needs: ['listId'],
    params: (s) => ({ listId: s.listId! }),
    body: (s) => ({ name: `Conformance ${s.cid.slice(0, 8)} renamed` }),
  },
  {
    op: 'shoppingListsDeleteListsByListId',
    token: 'account',
    needs: ['listId'],
    params: (s) => ({ listId: s.listId! }),
  },
  { op: 'smartCartsGetSmartCarts', token: 'account' },
  {
    op: 'smartCartsPostSmartCarts',
    token: 'account',
    body: (s) => ({ name: `Conformance ${s.cid.slice(0, 8)}`, items: [] }),
    keep: (s, b) => void (s.smartCartId = b.id as string),
  },
  {
    op: 'smartCartsGetSmartCartsById',
    token: 'account',
    needs: ['smartCartId'],
    params: (s) => ({ id: s.smartCartId! }),
  },
  {
    op: 'smartCartsPutSmartCartsById',
    token: 'account',
    needs: ['smartCartId'],
    params: (s) => ({ id: s.smartCartId! }),
    body: (s) => ({ name: `Conformance ${s.cid.slice(0, 8)} renamed` }),
  },
  {
    op: 'smartCartsDeleteSmartCartsById',
    token: 'account',
    needs: ['smartCartId'],
    params: (s) => ({ id: s.smartCartId! }),
  },
  { op: 'profileGetInfo', token: 'account', keep: (s, b) => void ((s as Body).info = b) },
  {
    op: 'profilePutInfo',
    token: 'account',
    // The account's own values, sent back unchanged.
    body: (s) => {
      const info = (s as Body).info as Body | undefined;
      return {
        firstName: info?.firstName || 'Test',
        lastName: info?.lastName || 'Shopper',
        phone: info?.phone ?? '',
      };
    },
  },
  { op: 'profileGetAddresses', token: 'account' },
  {
    op: 'profilePostAddresses',
    token: 'account',
    body: () => ADDRESS,
    keep: (s, b) => void (s.addressId = b.id as string),
  },
  {
    op: 'profilePutAddressesById',
    token: 'account',
    needs: ['addressId'],
    params: (s) => ({ id: s.addressId! }),
    body: () => ({ ...ADDRESS, instructions: 'Ring twice' }),
  },
  {
    op: 'profileDeleteAddressesById',
    token: 'account',
    needs: ['addressId'],
    params: (s) => ({ id: s.addressId! }),
  },
  { op: 'profileGetPaymentMethods', token: 'account' },
  {
    op: 'profilePostPaymentMethods',
    token: 'account',
    body: () => CARD,
    keep: (s, b) => void (s.cardId = b.id as string),
  },
  {
    op: 'profilePutPaymentMethodsById',
    token: 'account',
    needs: ['cardId'],
    params: (s) => ({ id: s.cardId! }),
    body: () => ({ isDefault: true }),
  },
  {
    op: 'profileDeletePaymentMethodsById',
    token: 'account',
    needs: ['cardId'],
    params: (s) => ({ id: s.cardId! }),
  },
  // Probes: each must refuse what it is sent (a bad body, an over-long id), so nothing happens.
  ...[
    'uaaPostAuthExternal',
    'uaaPostRegister',
    'uaaPostActivate',
    'uaaPostAccountResetPasswordInit',
    'uaaPostAccountResetPasswordFinish',
    'uaaPostAccountSetPassword',
    'ordersPostOrders',
    'ordersPostGuestOrders',
  ].map((op): Step => ({ op, token: 'account', probe: true, body: () => ({ probe: true }) })),
  ...[
    ['uaaDeleteAccountIdentitiesById', { id: LONG_ID }],
    ['ordersPutOrdersById', { id: LONG_ID }],
    ['ordersPostOrdersByIdCancel', { id: LONG_ID }],
    ['ordersGetGuestOrdersById', { id: LONG_ID }],
    ['ordersPostGuestOrdersByIdAccount', { id: LONG_ID }],
    ['bookingMsGetBookingsCartCopyBookingToCart', {}],
    ['shoppingListsPostListsByListIdToCart', { listId: LONG_ID }],
    ['smartCartsPostSmartCartsByIdOrder', { id: LONG_ID }],
    ['smartCartsGetSmartCartsByIdOrdersByOrderId', { id: LONG_ID, orderId: LONG_ID }],
    ['smartCartsPostSmartCartsFromCart', {}],
    ['smartCartsPostSmartCartsByIdToCart', { id: LONG_ID }],
    ['diagnosticsPutBlinkReportsByCid', { cid: 'not-a-cid' }],
    ['diagnosticsGetBlinkReportsByCid', { cid: 'not-a-cid' }],
  ].map(([op, params]): Step => ({
    op: op as string,
    token: 'account',
    probe: true,
    params: () => params as Record<string, string>,
    body: () => ({ probe: true }),
    query: () => ({ bookingId: LONG_ID.repeat(2) }),
  })),
  {
    op: 'uaaPostAuthSignOut',
    needs: ['guest'],
    body: (s) => ({ refresh_token: s.guest!.refresh }),
  },
];
