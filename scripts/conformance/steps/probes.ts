import type { Step } from './types';

// Calls that would leave lasting traces (orders, accounts, e-mails, passwords, unlinked sign-ins,
// a copied order, stored reports) are probes: a request the contract says must be refused (a bad
// body or an over-long id), which shows the operation exists without doing anything. A reorder and
// a smart cart's order are read for real when the account's orders allow (./orders.ts); their
// probes then only stand in when they could not be.
const LONG_ID = 'x'.repeat(150);

const BAD_BODY = [
  'uaaPostAuthExternal',
  'uaaPostRegister',
  'uaaPostActivate',
  'uaaPostAccountResetPasswordInit',
  'uaaPostAccountResetPasswordFinish',
  'uaaPostAccountSetPassword',
  'ordersPostOrders',
  'ordersPostGuestOrders',
];

const BAD_ID: readonly [string, Record<string, string>][] = [
  ['uaaDeleteAccountIdentitiesById', { id: LONG_ID }],
  ['ordersPutOrdersById', { id: LONG_ID }],
  ['ordersPostOrdersByIdCancel', { id: LONG_ID }],
  ['ordersGetGuestOrdersById', { id: LONG_ID }],
  ['ordersPostGuestOrdersByIdAccount', { id: LONG_ID }],
  ['bookingMsGetBookingsCartCopyBookingToCart', {}],
  ['smartCartsPostSmartCartsByIdOrder', { id: LONG_ID }],
  ['smartCartsGetSmartCartsByIdOrdersByOrderId', { id: LONG_ID, orderId: LONG_ID }],
  ['diagnosticsPutBlinkReportsByCid', { cid: 'not-a-cid' }],
  ['diagnosticsGetBlinkReportsByCid', { cid: 'not-a-cid' }],
];

export const PROBE_STEPS: readonly Step[] = [
  ...BAD_BODY.map((op): Step => ({
    op,
    token: 'account',
    probe: true,
    body: () => ({ probe: true }),
  })),
  ...BAD_ID.map(([op, params]): Step => ({
    op,
    token: 'account',
    probe: true,
    params: () => params,
    body: () => ({ probe: true }),
    query: () => ({ bookingId: LONG_ID.repeat(2) }),
  })),
];
