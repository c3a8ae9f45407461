import { keepCartLine, kitName, type Body, type State, type Step } from './types';

// The test account's cart: read, then lines of the kit's offering put in and taken out again, one
// by one and as a batch, with the cart saved as a smart cart on the way (deleted at once). The kit
// uses an offering the cart does not hold, so the cart is left as it was.
const cartParams = (s: State) => ({ tenantId: s.tenantId! });

/** The kit's offering, by the single, into the cart; its line's uid is kept. */
export const ADD_LINE: Step = {
  op: 'bookingMsPutBookingsCartTenantByTenantIdItem',
  token: 'account',
  needs: ['tenantId', 'offeringId'],
  params: cartParams,
  body: (s) => ({ offeringId: s.offeringId, quantity: 1, byCase: false }),
  keep: keepCartLine,
};

/** The kit's line out of the cart again (after ADD_LINE, or a list or smart cart put in it). */
export const REMOVE_LINE: Step = {
  op: 'bookingMsDeleteBookingsCartTenantByTenantIdItem',
  token: 'account',
  needs: ['tenantId', 'itemUid'],
  params: cartParams,
  query: (s) => ({ bookingItemUid: s.itemUid! }),
  keep: (s) => void (s.itemUid = undefined),
};

/**
 * Chooses, of the featured offerings, one the cart does not hold: taking the kit's line out must
 * not take a line of the shopper's. None: the writes are blocked (needs offeringId).
 */
function chooseOffering(s: State, cart: Body): void {
  s.cartOfferings = ((cart.items as Body[] | undefined) ?? []).map((i) => String(i.offeringId));
  const held = new Set(s.cartOfferings);
  s.offeringId = s.offeringIds?.find((id) => !held.has(id));
}

/** Several lines out of the cart at once. */
export const removeLines = (uids: (s: State) => string[] | undefined): Step => ({
  op: 'bookingMsDeleteBookingsCartTenantByTenantIdItems',
  token: 'account',
  needs: ['tenantId'],
  params: cartParams,
  body: (s) => ({ items: (uids(s) ?? []).map((uid) => ({ uid })) }),
});

export const CART_STEPS: readonly Step[] = [
  {
    op: 'bookingMsGetBookingsCartTenantByTenantId',
    token: 'account',
    needs: ['tenantId'],
    params: cartParams,
    keep: chooseOffering,
  },
  ADD_LINE,
  REMOVE_LINE,
  ADD_LINE,
  {
    op: 'smartCartsPostSmartCartsFromCart',
    token: 'account',
    needs: ['itemUid'],
    body: (s) => ({ name: kitName(s, ' from the cart') }),
    keep: (s, b) => void (s.fromCartId = b.id as string),
  },
  {
    op: 'smartCartsDeleteSmartCartsById',
    token: 'account',
    needs: ['fromCartId'],
    params: (s) => ({ id: s.fromCartId! }),
  },
  {
    ...removeLines((s) => (s.itemUid ? [s.itemUid] : undefined)),
    needs: ['tenantId', 'itemUid'],
    keep: (s) => void (s.itemUid = undefined),
  },
];
