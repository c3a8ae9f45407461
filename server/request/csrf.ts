// CSRF rules (docs/decisions/0023, 0120), checked before any body is read and before anything
// reaches the upstream (plugins/csrf.ts runs them in onRequest):
// - every request other than GET/HEAD/OPTIONS (pages, forms, /auth/*, the proxy) comes from the
//   shop's own origin: its Origin, when sent, is the shop's; without an Origin, Sec-Fetch-Site,
//   when sent, is `same-origin` (or `none`: typed by the visitor). Tenants are sibling subdomains
//   of one site, so SameSite=Lax cookies do not tell them apart (issue #12 item 4);
// - requests to the proxy and to the auth endpoints also carry `X-CSRF: 1` (a custom header a
//   cross-site form cannot send, and which forces a CORS preflight on cross-origin fetch);
// - both on the path the router matches (`/%61uth/sign-out` is `/auth/sign-out`; item 3).
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];
const PROTECTED = /^\/(api\/services|auth)(\/|$)/;
export const SAME_SITE_FETCH: readonly string[] = ['same-origin', 'none'];
/** The header (and its one value) the proxy and /auth/* require of a write. */
export const CSRF_HEADER = { name: 'x-csrf', value: '1' } as const;
// The specification fixes copyBookingToCart as a GET although it changes the cart: it gets the
// rule of a write (and is never retried by the proxy).
const STATE_CHANGING_GET = /^\/api\/services\/booking-ms\/.*\/copyBookingToCart\/?$/i;

export const changesStateOnGet = (routePath: string) => STATE_CHANGING_GET.test(routePath);

export type CsrfCheck = {
  method: string;
  /** The path the router matches (decoded). */
  routePath: string;
  headers: { origin?: string; 'sec-fetch-site'?: string; 'x-csrf'?: string | string[] };
  /** The origin the request is addressed to, e.g. `https://shop.example`. */
  shopOrigin: string;
};

/** Why the request is refused as cross-site, or null. */
export function csrfFailure({ method, routePath, headers, shopOrigin }: CsrfCheck): string | null {
  if (SAFE_METHODS.includes(method) && !changesStateOnGet(routePath)) return null;
  if (PROTECTED.test(routePath) && headers[CSRF_HEADER.name] !== CSRF_HEADER.value)
    return 'Missing X-CSRF: 1 header';
  const origin = headers.origin;
  if (origin !== undefined) return origin === shopOrigin ? null : 'Cross-origin request refused';
  const site = headers['sec-fetch-site'];
  if (site !== undefined && !SAME_SITE_FETCH.includes(site)) return 'Cross-site request refused';
  return null;
}
