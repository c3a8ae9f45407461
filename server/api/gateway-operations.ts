import { z } from 'zod';
import { EventBatch } from '../analytics/events';
import {
  AnalyticsAnswer,
  ConsentForm,
  ConsentQuery,
  ErrorBody,
  GuestAnswer,
  Liveness,
  PurgeAnswer,
  PurgeQuery,
  Readiness,
  SessionAnswer,
  SessionReading,
  SignInBody,
} from './schemas';

// The gateway's own endpoints as scripts/api/gateway-document.ts describes them
// (docs/api/gateway.openapi.json, docs/decisions/0232): path, method, the zod schemas the route
// validates with (./schemas.ts), its answers and the rules a client must follow. The page routes
// and their action forms are added there from the route table and the client's form schemas.
export type GatewayAnswer = {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  headers?: Record<string, string>;
};
export type GatewayOperation = {
  id: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';
  path: string;
  tag: 'session' | 'operations' | 'proxy' | 'pages' | 'analytics';
  summary: string;
  description?: string;
  /** The request must come from the shop's own page: Origin (or Sec-Fetch-Site) and `X-CSRF: 1`. */
  csrf?: 'origin' | 'origin-and-header';
  /** Who may call: the visitor's session cookies, the purge token, or anyone. */
  auth?: 'session-cookie' | 'purge-token';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: { schema?: z.ZodType; contentType: string; description?: string };
  answers: Record<number, GatewayAnswer>;
};

const error = (description: string): GatewayAnswer => ({ description, schema: ErrorBody });
const TOKEN_COOKIES = {
  'Set-Cookie':
    'access_token, refresh_token and session_proof, the gateway’s proof that it set that refresh token (httpOnly, SameSite=Lax, Secure with COOKIE_SECURE); tokens never appear in a body',
};

export const gatewayOperations: readonly GatewayOperation[] = [
  {
    id: 'signIn',
    method: 'post',
    path: '/auth/sign-in',
    tag: 'session',
    summary: 'Sign in with e-mail and password',
    description:
      'Calls uaa with the guest session’s refresh token (its cart is merged) and sets the token cookies. The visitor’s address goes to uaa as X-Forwarded-For (its lockout counts per address).',
    csrf: 'origin-and-header',
    body: { schema: SignInBody, contentType: 'application/json' },
    answers: {
      200: { description: 'Signed in', schema: SessionAnswer, headers: TOKEN_COOKIES },
      400: error('bad_request: the message names the fields (invalid_request before 2.0.0)'),
      401: error('invalid_credentials: wrong e-mail or password'),
      403: error('csrf (cross-site or no X-CSRF), or sign_in_refused (account not activated)'),
      409: error(
        'conflict: the guest’s cart merged into the account’s would hold too many lines (the message says how many to remove)',
      ),
      415: error('unsupported_media_type: the body is not JSON'),
      429: error('too_many_attempts (Retry-After), or rate_limited'),
      502: error('upstream_error: uaa failed'),
      504: error('upstream_timeout: uaa did not answer in time'),
    },
  },
  {
    id: 'signOut',
    method: 'post',
    path: '/auth/sign-out',
    tag: 'session',
    summary: 'Sign out: the session is revoked at uaa and the cookies cleared',
    csrf: 'origin-and-header',
    auth: 'session-cookie',
    answers: {
      204: { description: 'Signed out (also when there was no session)', headers: TOKEN_COOKIES },
      403: error('csrf'),
    },
  },
  {
    id: 'startGuestSession',
    method: 'post',
    path: '/auth/guest',
    tag: 'session',
    summary: 'Start a guest session (for a cart) unless one can be renewed',
    csrf: 'origin-and-header',
    answers: {
      200: { description: 'Started or kept', schema: GuestAnswer, headers: TOKEN_COOKIES },
      403: error('csrf'),
      421: error('misdirected_request: no shop for this address'),
      502: error('upstream_error'),
      504: error('upstream_timeout'),
    },
  },
  {
    id: 'readSession',
    method: 'get',
    path: '/auth/session',
    tag: 'session',
    summary:
      'The visitor’s account (id, login, email), or null for a guest or nobody; the shop’s tenant id',
    description:
      'The tenant id is the `{tenantId}` of the cart’s paths through the proxy (booking-ms). Renews the access token ahead of expiry (new cookies) when it is due. An access token past its expiry sent without a refresh token is a session over: answered as signed out with the cookies cleared, as sign-out clears them (one that has not expired is left to its expiry). uaa refusing the refresh token (invalid_grant) signs the visitor out (cookies cleared); any other answer, a 4xx or a 5xx, leaves the cookies as they are. A refresh token uaa refused in the last 10 minutes, or one without its session_proof (valid on every port of the shop) from an address that had 30 renewals refused in 10 minutes (invalid_grant or another 4xx but 408 and 429), is answered as signed out (cookies cleared) without asking uaa.',
    auth: 'session-cookie',
    answers: {
      200: {
        description: 'The account and the shop’s tenant id',
        schema: SessionReading,
        headers: {
          'Set-Cookie':
            'When the token was renewed, the new cookies (as sign-in sets them); when the session is over, access_token, refresh_token and session_proof cleared (Max-Age=0, the attributes sign-out clears them with)',
        },
      },
      421: error('misdirected_request: the Host names no shop (the shop context says so)'),
    },
  },
  {
    id: 'socialSignInCallback',
    method: 'get',
    path: '/auth/social/{id}/callback',
    tag: 'session',
    summary: 'OpenID Connect redirect URI: finishes a provider sign-in',
    description:
      'The provider sends the browser here with `code` and `state`; the gateway checks state, nonce and PKCE, exchanges the code, signs in at uaa (POST /auth/external) and redirects (303) back where the shopper was, or to /social-login with the reason. The flow starts with the “Continue with” form, a page action of /social-login (intent `provider`).',
    params: z.object({ id: z.string().describe('The provider’s id (SOCIAL_PROVIDERS)') }),
    answers: {
      303: {
        description: 'Back to the page, or to /social-login?error=…',
        headers: { Location: 'Where to go', ...TOKEN_COOKIES },
      },
    },
  },
  {
    id: 'liveness',
    method: 'get',
    path: '/healthz',
    tag: 'operations',
    summary: 'Liveness: the process answers',
    answers: { 200: { description: 'Alive', schema: Liveness } },
  },
  {
    id: 'readiness',
    method: 'get',
    path: '/readyz',
    tag: 'operations',
    summary: 'Readiness: not shutting down, upstream pool not wedged, not saturated',
    answers: {
      200: { description: 'Ready', schema: Readiness },
      503: {
        description:
          'Not ready (shutting down, no upstream connection for too long, or every place of the fair share taken)',
        schema: Readiness,
      },
    },
  },
  {
    id: 'readConsent',
    method: 'get',
    path: '/consent',
    tag: 'analytics',
    summary: 'The privacy choices page (the footer’s “Privacy choices”): an HTML form',
    description:
      'Exists unless ANALYTICS=off (404 then). The form posts to POST /consent and leads back to `return`, else the Referer’s path on this shop, else /.',
    query: ConsentQuery,
    answers: { 200: { description: 'The page', contentType: 'text/html' } },
  },
  {
    id: 'chooseConsent',
    method: 'post',
    path: '/consent',
    tag: 'analytics',
    summary: 'Record the visitor’s analytics choice (the consent banner’s and page’s forms)',
    description:
      'Exists unless ANALYTICS=off (404 then). Sets the `consent` cookie (`analytics:1` or `analytics:0`, a year, readable by the page) and redirects (303) back to the page it was posted from: the Referer’s path on this shop, or `return` (a path of this shop) when the Referer is the /consent page, names the origin alone while `return` names a page, or is missing; else /. At most 2 KiB.',
    csrf: 'origin',
    body: { schema: ConsentForm, contentType: 'application/x-www-form-urlencoded' },
    answers: {
      303: {
        description: 'Recorded',
        headers: { Location: 'The page to go back to', 'Set-Cookie': 'consent' },
      },
      400: error('bad_request: choice must be accept, decline or save'),
      403: error('csrf'),
      413: error('payload_too_large: the form is over 2 KiB'),
    },
  },
  {
    id: 'sendAnalyticsEvents',
    method: 'post',
    path: '/analytics/events',
    tag: 'analytics',
    summary: 'Consented commerce events (GA4 names and parameters), forwarded to the sink',
    description:
      'Exists unless ANALYTICS=off (404 then). The body is JSON, also as text/plain (sendBeacon), at most 16 KiB. Without the consent cookie granting measurement, or with `Sec-GPC: 1`, nothing is forwarded (202, all dropped). Forwarded events get the page’s CID (X-Page-CID) and the shop’s tenant (ANALYTICS_SINK_URL). RATE_LIMIT_ANALYTICS counts events per client address, each event of a batch one: those past the budget are dropped (202, counted as dropped); a post from an address with nothing left is a 429. A post whose Host names no shop is a 421 before anything is read or counted, consent or not.',
    csrf: 'origin',
    body: { schema: EventBatch, contentType: 'application/json' },
    answers: {
      202: { description: 'Forwarded or dropped, as counted', schema: AnalyticsAnswer },
      400: error('bad_request: the message names the first problem'),
      403: error('csrf'),
      413: error('payload_too_large'),
      421: error(
        'misdirected_request: the Host names no shop (the shop context says so); nothing is forwarded',
      ),
      429: error('rate_limited (Retry-After)'),
      502: error('upstream_unreachable: the analytics sink is unreachable or refused the events'),
    },
  },
  {
    id: 'browserErrorTunnel',
    method: 'post',
    path: '/monitoring',
    tag: 'operations',
    summary: 'The browser’s Sentry tunnel: one envelope for the shop’s public DSN',
    description:
      'At most 64 KiB, at most one event; only the event is forwarded, 30 a minute per client address, scrubbed, with this request’s CID, the tenant, shop host (`shop` tag) and signed-in visitor the gateway knows (the user the browser names is dropped) and the gateway’s environment (NODE_ENV; the browser’s is dropped, as are its `dist` and any `release`, `dist` or `environment` tag). Its release and any `build` tag go on when they name a build of this shop (the running build or another of the form, 8 hex digits), its `cid` and `page_cid` tags when they are well-formed CIDs, a `fault` tag when it is a kind of fault the gateway reports (`exception`, `upstream_5xx`, `timeout`, `unreachable`, `test`) and its `route` tag when it names a route of the running build, by React Router’s id or the gateway’s; the route goes on as the gateway’s request lines, metrics and own reports name it (`routes/cart-action` as `cart`, `routes/not-found` as `not-found`, `search-results` unchanged). Otherwise the event goes without that release, `build`, `page_cid`, `fault` or `route`, with this request’s CID as `cid`, and a `release_claimed`, `build_claimed`, `cid_claimed`, `page_cid_claimed`, `fault_claimed` or `route_claimed` tag shows the claim (64 characters at most), as `shop_claimed` shows a `shop` tag other than the request’s. One without an event (a session, a client report) is answered and dropped. A post whose Host names no shop is a 421, forwarded nowhere and counted against nothing.',
    body: { contentType: 'text/plain', description: 'A Sentry envelope (newline-separated JSON)' },
    answers: {
      200: { description: 'Forwarded, or dropped when it holds no event' },
      400: error('bad_envelope: not an envelope for this shop, or more than one event'),
      421: error(
        'misdirected_request: the Host names no shop (the shop context says so); nothing is forwarded',
      ),
      429: error('rate_limited'),
      502: error('upstream_unreachable: error reporting is unreachable'),
    },
  },
  {
    id: 'purgeCaches',
    method: 'post',
    path: '/internal/cache/purge',
    tag: 'operations',
    summary: 'Empty the sub-request cache, the anonymous page cache and the document templates',
    description:
      'Exists only when CACHE_PURGE_TOKEN is set (404 otherwise). With REDIS_URL every replica purges.',
    auth: 'purge-token',
    query: PurgeQuery,
    answers: {
      200: { description: 'Purged', schema: PurgeAnswer },
      400: error('bad_request: origin must be one value'),
      401: error('unauthorized: a valid purge token is required'),
    },
  },
];
