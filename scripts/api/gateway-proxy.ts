import { DEFAULT_PROXIED_SERVICES } from '../../server/upstream/service-urls';
import type { JsonSchema } from './json-schema';

// /api/services/{service}/{path}: the browser's calls to the platform's services, as the proxy
// engine forwards them (server/proxy/, docs/decisions/0025, 0210). One description per method.

const RULES = [
  'Sent to the service’s upstream (its SERVICE_URLS entry, else PLATFORM_URL) at the same path and query.',
  'Added to the upstream request: X-Correlation-ID (this request’s CID), X-Domain-Origin (the shop), X-Client-Name: cms-website, and `Authorization: Bearer` with the visitor’s access token from the cookie (none for the public catalogue and CMS reads).',
  'Passed on from the browser: only accept, accept-encoding, accept-language, content-type, content-length, idempotency-key, if-match, if-none-match, if-modified-since, if-unmodified-since, if-range, range and user-agent; cookies, Authorization and the X-Forwarded-* headers never.',
  'Stripped from the answer: Set-Cookie, hop-by-hop and CORS headers. Personal answers are `Cache-Control: private`.',
  'Renewal: an access token due to expire is renewed before the call (new cookies on the answer); after a 401 the token is renewed once and a replayable call sent again.',
  'Refused before any upstream call: an unknown service (404), uaa’s token endpoints (auth, sign-in, sign-out, refresh, token…: 404, they are /auth/* here), a path escape (`..`, encoded slashes: 400 bad_path), a target over 8 KiB (414), a body over 1 MiB (413 payload_too_large).',
  'A failing service’s breaker answers 503 for a while. Upstream errors keep their status and message in the gateway’s error shape (`details` holds the rest); no answer is 502 upstream_unreachable or 504 upstream_timeout.',
].join(' ');

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
  const operations: Record<string, JsonSchema> = {};
  for (const method of ['get', 'head', 'post', 'put', 'patch', 'delete'] as const) {
    const write = method !== 'get' && method !== 'head';
    operations[method] = {
      operationId: `proxy${method[0]!.toUpperCase()}${method.slice(1)}`,
      summary: `${method.toUpperCase()} a platform service’s path`,
      description:
        RULES +
        (write
          ? ' A write comes from the shop’s own page: Origin (or Sec-Fetch-Site) and `X-CSRF: 1` (403 csrf), and counts against the write rate limit (429).'
          : ' copyBookingToCart, a GET that changes the cart, follows the rules of a write.'),
      tags: ['proxy'],
      security: [{}, { sessionCookie: [] }],
      parameters: [
        ...parameters,
        ...(write
          ? [{ $ref: '#/components/parameters/Csrf' }, { $ref: '#/components/parameters/Origin' }]
          : []),
      ],
      ...(write && method !== 'delete'
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
        '400': errorRef('bad_path, or the service’s 400'),
        '401': errorRef('The service refused the token even after a renewal'),
        '403': errorRef('csrf, or the service’s 403'),
        '404': errorRef('Unknown service, a token endpoint, or the service’s 404'),
        '413': errorRef('payload_too_large (1 MiB)'),
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
