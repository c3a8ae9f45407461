import { TRACE_HEADERS } from '../../server/observability/upstream-watch';
import { BODY_LIMIT, PROXY_METHODS } from '../../server/proxy/bounds';
import { DEFAULT_BREAKER } from '../../server/proxy/breakers';
import {
  FORWARDED_TO_UPSTREAM,
  GATEWAY_OWN_ANSWER_HEADERS,
  HOP_BY_HOP,
  PRIVATE_POLICY,
  STRIPPED_ANSWER_PREFIXES,
} from '../../server/proxy/headers';
import {
  MAX_ATTEMPTS,
  MAX_RETRY_DELAY_MS,
  RENEWED_STATUS,
  REPLAYABLE_METHODS,
  RETRIED_STATUS,
} from '../../server/proxy/retry-rule';
import { TOKEN_SEGMENTS } from '../../server/proxy/services';
import { CSRF_HEADER, SAFE_METHODS, SAME_SITE_FETCH } from '../../server/request/csrf';
import { TARGET_LIMIT } from '../../server/request/target';
import { FAILED_RENEWAL_BUDGET } from '../../server/limits/page-budgets';
import { RENEW_MARGIN_SECONDS } from '../../server/session/access-token';
import { REFUSED_MS } from '../../server/session/refresh';
import { productHeaders } from '../../server/upstream/platform';
import { DEFAULT_PROXIED_SERVICES } from '../../server/upstream/service-urls';
import type { JsonSchema } from './json-schema';

// /api/services/{service}/{path}: the browser's calls to the platform's services, as the proxy
// engine forwards them (server/proxy/, docs/decisions/0025, 0210). The rules are read from the
// constants the proxy itself runs on, so a change there changes the document (and `api:check`
// fails until it is regenerated); `x-proxy-rules` gives them to tools, the descriptions to people.

const list = (names: readonly (string | number)[]) => names.map((n) => `\`${n}\``).join(', ');
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`;
const minutes = (ms: number) => ms / 60_000;

/** The headers the gateway adds to every proxied request, with their values where fixed. */
function addedHeaders(): Record<string, string> {
  const product = productHeaders('{cid}', '{shop origin}');
  return {
    ...Object.fromEntries(
      Object.entries(product).map(([name, value]) => [
        name,
        value === '{cid}'
          ? 'this request’s CID'
          : value === '{shop origin}'
            ? 'the shop’s origin'
            : value,
      ]),
    ),
    authorization:
      'Bearer with the visitor’s access token; none for public catalogue and CMS reads',
    [TRACE_HEADERS.parent]: 'W3C trace context of this call',
    [TRACE_HEADERS.state]: 'the visitor request’s, when it sent one',
  };
}

/** The rules as data (the path item's `x-proxy-rules`). */
export function proxyRules(): JsonSchema {
  return {
    services: [...DEFAULT_PROXIED_SERVICES],
    methods: [...PROXY_METHODS],
    bodyLimitBytes: BODY_LIMIT,
    targetLimitBytes: TARGET_LIMIT,
    refusedUaaSegments: [...TOKEN_SEGMENTS, '*token*'],
    csrf: {
      exemptMethods: [...SAFE_METHODS],
      header: { name: CSRF_HEADER.name, value: CSRF_HEADER.value },
      originMustBe: 'the shop’s own origin',
      secFetchSiteWithoutOrigin: [...SAME_SITE_FETCH],
    },
    requestHeaders: { passed: [...FORWARDED_TO_UPSTREAM], added: addedHeaders() },
    answerHeaders: {
      stripped: [...HOP_BY_HOP, ...GATEWAY_OWN_ANSWER_HEADERS],
      strippedPrefixes: [...STRIPPED_ANSWER_PREFIXES],
      strippedAlso: 'the headers the upstream’s Connection header names',
      personalCacheControl: PRIVATE_POLICY,
    },
    renewal: { marginSeconds: RENEW_MARGIN_SECONDS, afterStatus: RENEWED_STATUS },
    retry: {
      maxAttempts: MAX_ATTEMPTS,
      methods: [...REPLAYABLE_METHODS],
      withBody: false,
      afterStatuses: [RETRIED_STATUS, RENEWED_STATUS],
      maxDelayMs: MAX_RETRY_DELAY_MS,
    },
    breaker: { ...DEFAULT_BREAKER },
  };
}

function rulesText(): string {
  const added = addedHeaders();
  return [
    'Sent to the service’s upstream (its SERVICE_URLS entry, else PLATFORM_URL) at the same path and query: the operations, their queries, bodies and answers are those of docs/api/upstream.openapi.json whose paths start /api/services/ (the cart’s `{tenantId}` is the shop’s, as GET /auth/session answers it).',
    `Added to the upstream request: ${Object.entries(added)
      .map(([name, value]) => `${name} (${value})`)
      .join(', ')}.`,
    `Passed on from the browser: only ${list(FORWARDED_TO_UPSTREAM)}, less any the request’s Connection header names; nothing else (cookies, Authorization and X-Forwarded-* never).`,
    `Stripped from the answer: ${list([...HOP_BY_HOP, ...GATEWAY_OWN_ANSWER_HEADERS])}, names starting ${list(STRIPPED_ANSWER_PREFIXES)} and those the answer’s Connection header names. An answer to a call that carried the visitor’s token is \`Cache-Control: ${PRIVATE_POLICY}\` (but a public picture), and so is every answer that sets the renewal’s cookies.`,
    `Renewal: an access token within ${RENEW_MARGIN_SECONDS} s of expiry is renewed before the call (new cookies on the answer). uaa refusing the refresh token (invalid_grant) signs the visitor out (cookies cleared); any other answer, a 4xx or a 5xx, leaves the cookies and the call goes on with the token it has. A refresh token uaa refused in the last ${minutes(REFUSED_MS)} minutes, or one without its session_proof (valid on every port of the shop) from an address that had ${FAILED_RENEWAL_BUDGET.max} renewals refused in ${minutes(FAILED_RENEWAL_BUDGET.windowMs)} minutes (invalid_grant or another 4xx but 408 and 429), is treated as signed out (cookies cleared) without asking uaa. An access token past its expiry (its own \`exp\`) sent without a refresh token goes to the service as it is (which refuses it), and the answer clears its cookie: \`access_token\` alone, with Max-Age=0 and the attributes sign-out clears it with (not on a public catalogue or CMS read, which carries no token); a token that has not expired is never cleared for a service’s 401.`,
    `Retry: at most ${MAX_ATTEMPTS} upstream attempts; a second only for a bodiless ${list(REPLAYABLE_METHODS)} that changes nothing, after a ${RETRIED_STATUS} (waiting its Retry-After or a short random time, at most ${MAX_RETRY_DELAY_MS} ms), after its connection was refused or closed before any answer (a short random time), or after a ${RENEWED_STATUS} once the token is renewed.`,
    `Refused before any upstream call: an unknown service (404), uaa paths with a segment ${list(TOKEN_SEGMENTS)} or containing \`token\` (404: they are /auth/* here), a path escape (\`..\`, encoded slashes: 400 bad_path), a target over ${size(TARGET_LIMIT)} (414), a body over ${size(BODY_LIMIT)} (413 payload_too_large).`,
    `After ${DEFAULT_BREAKER.failures} consecutive failures of a service its breaker answers 503, trying again after ${DEFAULT_BREAKER.halfOpenAfterMs} ms (backing off to ${DEFAULT_BREAKER.maxHalfOpenAfterMs} ms). Upstream errors keep their status, code and message in the gateway’s error shape (\`details\` holds the rest; uaa’s OAuth \`error\` is the code), so a service’s own codes reach the client: the reference platform’s services name a status as the gateway does (\`x-error-codes\`: invalid input is \`bad_request\` on both), uaa as OAuth does (\`invalid_request\`, \`invalid_token\`); its answers keep their Allow, Retry-After and WWW-Authenticate headers. A method a service’s path does not take is its 405 (the reference platform’s \`method_not_allowed\`, with Allow). No answer is 502 upstream_unreachable or 504 upstream_timeout.`,
  ].join(' ');
}

function csrfText(): string {
  return ` A ${list(PROXY_METHODS.filter((m) => !SAFE_METHODS.includes(m)))} comes from the shop’s own page: \`${CSRF_HEADER.name}: ${CSRF_HEADER.value}\`, and its Origin when sent is the shop’s (without one, Sec-Fetch-Site when sent is ${list(SAME_SITE_FETCH)}); 403 csrf otherwise. It counts against the write rate limit (429).`;
}

const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function proxyOperations(): Record<string, Record<string, JsonSchema>> {
  const parameters = [
    {
      name: 'service',
      in: 'path',
      required: true,
      description: 'A service of PROXY_SERVICES (its default here)',
      schema: { type: 'string', enum: [...DEFAULT_PROXIED_SERVICES] },
    },
    {
      name: 'path',
      in: 'path',
      required: true,
      description: 'The rest of the service’s path (several segments), e.g. `api/v1/search`',
      schema: { type: 'string' },
    },
  ];
  const rules = rulesText();
  const operations: Record<string, JsonSchema> = { 'x-proxy-rules': proxyRules() };
  for (const upper of PROXY_METHODS) {
    const method = upper.toLowerCase();
    const write = !SAFE_METHODS.includes(upper);
    operations[method] = {
      operationId: `proxy${upper.charAt(0)}${method.slice(1)}`,
      summary: `${upper} a platform service’s path`,
      description:
        rules +
        (write
          ? csrfText()
          : ' copyBookingToCart, a GET that changes the cart, follows the rules of a write.'),
      tags: ['proxy'],
      security: [{}, { sessionCookie: [] }],
      parameters: [
        ...parameters,
        ...(write
          ? [{ $ref: '#/components/parameters/Csrf' }, { $ref: '#/components/parameters/Origin' }]
          : []),
      ],
      // A DELETE too: booking-ms's `…/items` names the lines to remove in its body.
      ...(write
        ? {
            requestBody: {
              required: false,
              content: { 'application/json': { schema: {} } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'The service’s answer, streamed (any 2xx or 3xx status)',
          content: { 'application/json': { schema: {} } },
        },
        '400': errorRef(
          'bad_path; or the service’s 400 with its code (the reference platform’s bad_request or one naming the refusal, uaa’s invalid_request)',
        ),
        '401': errorRef(
          'The service refused the token even after a renewal (the reference platform’s unauthorized, uaa’s invalid_token)',
        ),
        '403': errorRef('csrf, or the service’s 403 (the reference platform’s forbidden)'),
        '404': errorRef(
          'not_found: an unknown service or a token endpoint; or the service’s 404 (the reference platform’s not_found)',
        ),
        '405': {
          ...errorRef(
            'The service’s 405: a method its path does not take (the reference platform’s method_not_allowed)',
          ),
          headers: {
            Allow: { description: 'The methods the path takes', schema: { type: 'string' } },
          },
        },
        '413': errorRef(`payload_too_large (${size(BODY_LIMIT)})`),
        '414': errorRef('uri_too_long'),
        '429': errorRef('rate_limited'),
        '502': errorRef('upstream_unreachable'),
        '503': errorRef('The service’s breaker is open, or the service’s 503'),
        '504': errorRef('upstream_timeout'),
      },
    };
  }
  return { '/api/services/{service}/{path}': operations };
}
