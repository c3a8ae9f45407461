import { TENANTS } from '../../support/platform';
import type { Row } from './row';

// The rows of the cross-shopper table (../cross-shopper-table.ts) for the page's context (CMS)
// and the account (uaa): the caller's own, and a sign-in provider linked to A's account.
export const ACCOUNT_ROWS: readonly Row[] = [
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
];
