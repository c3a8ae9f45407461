import { randomBytes } from 'node:crypto';
import type { Step } from './types';

// Tokens every service must refuse as the gateway expects (../refusal.ts, docs/decisions/0343):
// one read of each service that takes the shopper's token, sent with that token spoiled, must be a
// 401; a refresh token uaa never issued must be refused with invalid_grant.
const BAD_TOKEN = {
  what: 'an access token it did not issue',
  statuses: [401],
  because: 'the gateway renews the token and calls again only on a 401',
} as const;

const badToken = (op: string, extra: Partial<Step> = {}): Step => ({
  op,
  token: 'account',
  spoiled: true,
  refused: BAD_TOKEN,
  ...extra,
});

export const REFUSAL_STEPS: readonly Step[] = [
  badToken('uaaGetAccount'),
  badToken('bookingMsGetBookingsCartTenantByTenantId', {
    needs: ['tenantId'],
    params: (s) => ({ tenantId: s.tenantId! }),
  }),
  badToken('ordersGetOrders', { query: () => ({ page: '1', pageSize: '5' }) }),
  badToken('shoppingListsGetLists'),
  badToken('smartCartsGetSmartCarts'),
  badToken('profileGetInfo'),
  {
    op: 'uaaPostAuthRefresh',
    body: () => ({ refresh_token: `conformance-${randomBytes(16).toString('hex')}` }),
    refused: {
      what: 'a refresh token it did not issue',
      statuses: [400, 401],
      code: 'invalid_grant',
      because:
        'the gateway ends the session only on invalid_grant; otherwise it keeps the dead cookies and tries again on every page',
    },
  },
];
