import { describe, expect, it } from 'vitest';
import { registry } from '../../server/observability/metrics';
import {
  fastPathGatewayPerFile,
  jwt,
  shape,
  viaRoute as route,
  viaSocket as socket,
} from '../support/proxy-fast-path';

// ADR 0207: plain proxied reads are served before Fastify's routing. The same request sent on a
// socket (fast path) and through inject() (the proxy route) must get the same answer, the upstream
// the same request, and the log the same line.
const ORDERS = '/api/services/orders/api/v1/orders';

const fp = fastPathGatewayPerFile();
const viaSocket = (...args: [string, string, Record<string, string>?]) => socket(fp, ...args);
const viaRoute = (...args: [string, string, Record<string, string>?]) => route(fp, ...args);

describe('the fast path answers as the proxy route does', () => {
  const cases: [string, string, string, Record<string, string>][] = [
    [
      'GET with token cookies',
      'GET',
      `${ORDERS}?page=2`,
      { cookie: `access_token=${jwt(600)}; refresh_token=r` },
    ],
    [
      'HEAD with token cookies',
      'HEAD',
      ORDERS,
      { cookie: `access_token=${jwt(600)}; refresh_token=r` },
    ],
    [
      'GET of a guest without cookies',
      'GET',
      ORDERS,
      { accept: 'application/json', 'accept-language': 'de' },
    ],
    [
      'public catalogue data (no token sent, public policy)',
      'GET',
      '/api/services/catalogue/api/v1/categories',
      { cookie: `access_token=${jwt(600)}; refresh_token=r` },
    ],
    ['an opaque token without a refresh token', 'GET', ORDERS, { cookie: 'access_token=opaque-1' }],
    [
      'headers a Connection header names are dropped',
      'GET',
      ORDERS,
      { connection: 'accept-language', 'accept-language': 'fr', 'if-none-match': '"v1"' },
    ],
  ];
  it.each(cases)(
    '%s: written directly, same answer and upstream request',
    async (_, method, url, headers) => {
      const fast = await viaSocket(method, url, headers);
      const route = await viaRoute(method, url, headers);
      expect(fast.served).toBe(1);
      expect(shape(fast)).toEqual(shape(route));
      expect(fast.answer.headers['x-correlation-id']).toMatch(/\S/);
      expect(fast.upstream[0]!.headers['x-correlation-id']).toBe(
        fast.answer.headers['x-correlation-id'],
      );
      expect(fast.upstream[0]!.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    },
  );

  it('keeps security headers, the private cache policy and the Bearer token', async () => {
    const token = jwt(600);
    const fast = await viaSocket('GET', ORDERS, {
      cookie: `access_token=${token}; refresh_token=r`,
    });
    expect(fast.served).toBe(1);
    expect(fast.answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'private, no-store',
    });
    expect(fast.upstream[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(fast.upstream[0]!.headers['x-domain-origin']).toBe('http://shop.localhost');
    expect(fast.upstream[0]!.headers.cookie).toBeUndefined();
  });

  it('sends a security header the upstream also sets once, with the upstream value, as the route does', async () => {
    fp.gw.upstream.on('GET', /.*/, {
      headers: { 'x-frame-options': 'SAMEORIGIN', 'cross-origin-resource-policy': 'cross-origin' },
      body: { ok: true },
    });
    const fast = await viaSocket('GET', ORDERS, { cookie: `access_token=${jwt(600)}` });
    const route = await viaRoute('GET', ORDERS, { cookie: `access_token=${jwt(600)}` });
    expect(fast.served).toBe(1);
    // Node joins a repeated header with ", ": one value means it was sent once.
    expect(fast.answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(fast.answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(fast.answer.headers['x-content-type-options']).toBe('nosniff');
    expect(shape(fast)).toEqual(shape(route));
  });

  it('keeps a well-formed X-Correlation-ID and the page CID, and logs one line like the route', async () => {
    const cid = 'a'.repeat(32);
    const page = 'b'.repeat(32);
    const headers = { 'x-correlation-id': cid, 'x-page-cid': page };
    const fast = await viaSocket('GET', ORDERS, headers);
    expect(fast.served).toBe(1);
    expect(fast.answer.headers['x-correlation-id']).toBe(cid);
    await viaRoute('GET', ORDERS, headers);
    const lines = fp.gw.logs.filter((line) => line.msg === 'request completed');
    expect(lines).toHaveLength(2);
    // Each request has a trace of its own: the ids differ, their shape does not.
    const fields = (line: Record<string, unknown>) => {
      const { time: _time, responseTime, traceId, spanId, ...rest } = line;
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      return { ...rest, responseTime: typeof responseTime };
    };
    expect(fields(lines[0]!)).toMatchObject({ cid, pageCid: page, url: ORDERS, statusCode: 200 });
    expect(fields(lines[0]!)).toEqual({ ...fields(lines[1]!), remoteAddress: '127.0.0.1' });
  });

  it('counts the call in the request metrics under route "proxy"', async () => {
    const count = async () => {
      const text = await registry.metrics();
      const line =
        /gateway_http_requests_total\{route="proxy",method="HEAD",status="200"\} (\d+)/.exec(text);
      return Number(line?.[1] ?? 0);
    };
    const before = await count();
    const fast = await viaSocket('HEAD', ORDERS);
    expect(fast.served).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});
