import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { endpointGatewayPerFile, SHOP, WRITE } from '../support/endpoint-gateway';

// Issue #2 point 8: /api/services/{service}/* routing, path escapes and token endpoints (headers:
// gateway-proxy-headers.test.ts). Every refusal also asserts that the upstream saw nothing.
const SERVICES = [
  'uaa',
  'booking-ms',
  'catalogue',
  'orders',
  'shopping-lists',
  'smart-carts',
  'profile',
];

const gw = endpointGatewayPerFile();

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ method: 'GET', url, headers: { ...SHOP, ...headers } });

describe('allow-list', () => {
  it.each(SERVICES)(
    '%s goes to PLATFORM_URL/api/services/%s/... with path and query as sent',
    async (service) => {
      const res = await get(`/api/services/${service}/api/v1/items/a%20b?q=x%26y&page=2`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(gw.upstream.requests.map((r) => r.url)).toEqual([
        `/api/services/${service}/api/v1/items/a%20b?q=x%26y&page=2`,
      ]);
    },
  );

  it.each(['nope', 'UAA', 'cms-api', '', 'uaa.evil.com', 'catalogue%2e'])(
    'unknown service "%s" → 404 JSON',
    async (service) => {
      const res = await get(`/api/services/${service}/x`, {
        cookie: 'access_token=a; refresh_token=r',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.cid).toBe(res.headers['x-correlation-id']);
      expect(gw.upstream.requests).toHaveLength(0);
    },
  );

  it('never takes the target from the Host header', async () => {
    const res = await get('/api/services/catalogue/x', {
      host: '127.0.0.2',
      'x-forwarded-host': 'evil.example',
    });
    expect(res.statusCode).toBe(200);
    expect(gw.upstream.requests).toHaveLength(1);
    expect(gw.upstream.requests[0]!.headers.host).toBe(new URL(gw.upstream.url).host);
  });
});

describe('path escapes are refused before credentials are attached', () => {
  it.each([
    ['raw ..', '/api/services/orders/../cms-api/context'],
    ['raw .. as the service', '/api/services/../cms-api/context'],
    ['trailing ..', '/api/services/orders/a/..'],
    ['single dot segment', '/api/services/orders/./x'],
    ['%2e%2e', '/api/services/orders/%2e%2e/cms-api/context'],
    ['%2E%2E', '/api/services/orders/%2E%2E/cms-api'],
    ['.%2e', '/api/services/orders/.%2e/cms-api'],
    ['double-encoded %252e%252e', '/api/services/orders/%252e%252e/cms-api'],
    ['double-encoded slash %252f', '/api/services/orders/a%252f..%252fb'],
    ['encoded slash %2f', '/api/services/orders/..%2fcms-api'],
    ['encoded slash %2F', '/api/services/orders/a%2Fb'],
    ['encoded backslash %5c', '/api/services/orders/..%5ccms-api'],
    ['raw backslash', '/api/services/orders/..\\cms-api'],
    ['//host', '/api/services/orders//evil.example/x'],
    ['//host as the service', '/api/services//evil.example/x'],
    ['NUL', '/api/services/orders/a%00b'],
    ['CR LF', '/api/services/orders/a%0d%0aX-Injected:%201'],
    ['encoded control character', '/api/services/orders/a%09b'],
    ['dot segment behind a matrix parameter', '/api/services/orders/..;x/cms-api'],
  ])('%s → 400 JSON, no refresh, upstream sees nothing', async (_name, url) => {
    // Sent on a real socket: inject() would normalise the dot segments away.
    // An access token due for renewal: a refresh would show up upstream if credentials were handled.
    const res = await rawGet(url, { cookie: `access_token=${jwt(-10)}; refresh_token=r` });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error).toMatchObject({
      code: 'bad_path',
      cid: res.headers['x-correlation-id'],
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('malformed percent-encoding is refused (by the router) before anything is proxied', async () => {
    const res = await rawGet('/api/services/orders/a%zz', {
      cookie: `access_token=${jwt(-10)}; refresh_token=r`,
    });
    expect(res.status).toBe(400);
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('a "/..." segment, which reply-from itself refuses, gets the same JSON 400', async () => {
    const res = await rawGet('/api/services/catalogue/products/...slug');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('bad_path');
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('keeps legitimate paths with dots, encoded spaces and unicode', async () => {
    for (const url of [
      '/api/services/catalogue/api/v1/products/a..b',
      '/api/services/catalogue/a.b/v1.2',
      '/api/services/catalogue/caf%C3%A9',
    ]) {
      expect((await get(url)).statusCode).toBe(200);
    }
    expect(gw.upstream.requests).toHaveLength(3);
  });
});

describe('token endpoints of uaa are not reachable', () => {
  it.each([
    ['POST', '/api/services/uaa/api/v1/auth/sign-in'],
    ['POST', '/api/services/uaa/api/v1/auth/refresh'],
    ['POST', '/api/services/uaa/api/v1/auth/guest'],
    ['POST', '/api/services/uaa/api/v1/auth/sign-out'],
    ['POST', '/api/services/uaa/api/v1/AUTH/guest'],
    ['POST', '/api/services/uaa/api/v1/auth;x=1/guest'],
    ['POST', '/api/services/uaa/api/v1/%61uth/guest'],
    ['GET', '/api/services/uaa/api/v1/auth'],
    ['POST', '/api/services/uaa/oauth/token'],
    ['GET', '/api/services/uaa/api/v1/token'],
    ['GET', '/api/services/uaa/api/v1/access-tokens'],
  ] as const)('%s %s → 404, upstream sees nothing', async (method, url) => {
    const res = await gw.app.inject({
      method,
      url,
      headers: { ...WRITE, cookie: 'access_token=a; refresh_token=r' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('GET /api/services/uaa/api/v1/account stays reachable, with the Bearer token', async () => {
    const res = await get('/api/services/uaa/api/v1/account', {
      cookie: 'access_token=a; refresh_token=r',
    });
    expect(res.statusCode).toBe(200);
    expect(gw.upstream.requests[0]!.headers.authorization).toBe('Bearer a');
  });
});

/** A GET on a real socket with the path exactly as given. */
async function rawGet(path: string, headers: Record<string, string> = {}) {
  if (!gw.app.server.listening) await gw.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = gw.app.server.address() as AddressInfo;
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path, headers: { ...SHOP, ...headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

/** An unsigned JWT-shaped token expiring in `seconds` (the gateway only decodes exp). */
function jwt(seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.c2ln`;
}
