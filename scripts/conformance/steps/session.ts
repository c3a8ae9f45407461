import type { Body, Step, Tokens } from './types';

// The session calls: the CMS context (the shop's tenant), a guest session, the test account's
// sign-in, account and refresh; sign-out is the kit's last call (SIGN_OUT).
const pair = (body: Body): Tokens => ({
  access: String(body.access_token),
  refresh: String(body.refresh_token),
});

export const SESSION_STEPS: readonly Step[] = [
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
      const context = JSON.parse(body as unknown as string) as {
        tenant?: { id?: unknown; deliveryCountries?: unknown };
      };
      if (context.tenant?.id !== undefined) s.tenantId = String(context.tenant.id);
      const [country] = Array.isArray(context.tenant?.deliveryCountries)
        ? context.tenant.deliveryCountries
        : [];
      if (typeof country === 'string') s.deliveryCountry = country;
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
];

/** The guest session ends. */
export const SIGN_OUT: Step = {
  op: 'uaaPostAuthSignOut',
  needs: ['guest'],
  body: (s) => ({ refresh_token: s.guest!.refresh }),
};
