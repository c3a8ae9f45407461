import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { endpointGatewayPerFile, SHOP, WRITE } from '../support/endpoint-gateway';

// The proxy's rules as docs/api/gateway.openapi.json publishes them (`x-proxy-rules`, generated
// from server/proxy/'s constants) are what the proxy does: each rule read from the committed
// document and checked on the gateway over HTTP, against a recording upstream.
type Rules = {
  services: string[];
  refusedUaaSegments: string[];
  csrf: { header: { name: string; value: string }; secFetchSiteWithoutOrigin: string[] };
  requestHeaders: { passed: string[]; added: Record<string, string> };
  answerHeaders: { stripped: string[]; strippedPrefixes: string[]; personalCacheControl: string };
  retry: { maxAttempts: number; methods: string[]; afterStatuses: number[] };
};
const document = JSON.parse(
  await readFile(new URL('../../docs/api/gateway.openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, { 'x-proxy-rules'?: Rules }> };
const rules = document.paths['/api/services/{service}/{path}']!['x-proxy-rules']!;

const gw = endpointGatewayPerFile();
const TOKENS = 'access_token=tok-a; refresh_token=tok-r';
// What HTTP itself puts on the upstream request, beside the headers the document names.
const TRANSPORT = new Set(['host', 'connection', 'transfer-encoding']);
const VALUES: Record<string, string> = {
  accept: 'application/json',
  'accept-encoding': 'identity',
  'accept-language': 'de-DE',
  'content-type': 'application/json',
  'idempotency-key': 'key-12345678',
  'if-match': '"v1"',
  'if-none-match': '"v2"',
  'if-modified-since': 'Wed, 21 Oct 2026 07:28:00 GMT',
  'if-unmodified-since': 'Wed, 21 Oct 2026 07:28:00 GMT',
  'if-range': '"v1"',
  range: 'bytes=0-10',
  'user-agent': 'documented-rules-test',
};

describe('the documented proxy rules', () => {
  it('the upstream gets the headers passed on and added, and no other', async () => {
    const call = request(gw.app.server)
      .post('/api/services/booking-ms/api/v1/bookings/cart/tenant/t1/item')
      .set({ ...WRITE, Cookie: TOKENS })
      .set('X-Forwarded-For', '6.6.6.6')
      .set('Referer', 'http://shop.localhost/cart')
      .set('X-Something-Else', '1');
    for (const name of rules.requestHeaders.passed)
      if (name !== 'content-length') void call.set(name, VALUES[name] ?? 'x');
    const res = await call.send({ offeringId: 'o1', quantity: 1 });
    expect(res.status).toBe(200);

    const seen = Object.keys(gw.upstream.requests[0]!.headers);
    const documented = new Set([
      ...rules.requestHeaders.passed,
      ...Object.keys(rules.requestHeaders.added),
    ]);
    expect(seen.filter((name) => !documented.has(name) && !TRANSPORT.has(name))).toEqual([]);
    for (const name of rules.requestHeaders.passed) expect(seen, name).toContain(name);
    // tracestate is added only when the visitor's request carried trace context.
    for (const name of Object.keys(rules.requestHeaders.added).filter((n) => n !== 'tracestate'))
      expect(seen, name).toContain(name);
  });

  it('the browser gets none of the answer headers stripped; a personal answer is private', async () => {
    const prefixed = rules.answerHeaders.strippedPrefixes.map((prefix) => `${prefix}x`);
    // Framing headers would break the fake's own answer; the rest are sent as an upstream might.
    const stripped = rules.answerHeaders.stripped.filter(
      (name) => !['connection', 'transfer-encoding', 'upgrade', 'trailer', 'te'].includes(name),
    );
    gw.upstream.on('GET', '/api/services/orders/api/v1/orders', {
      headers: {
        ...Object.fromEntries([...stripped, ...prefixed].map((name) => [name, 'from-upstream'])),
        'cache-control': 'public, max-age=60',
        'x-kept': 'yes',
      },
      body: { items: [] },
    });
    const res = await request(gw.app.server)
      .get('/api/services/orders/api/v1/orders')
      .set({ ...SHOP, Cookie: TOKENS });
    expect(res.status).toBe(200);
    expect(res.headers['x-kept']).toBe('yes');
    for (const name of [...stripped, ...prefixed])
      expect(res.headers[name], name).not.toBe('from-upstream');
    expect(res.headers['cache-control']).toBe(rules.answerHeaders.personalCacheControl);
  });

  it('a write needs the CSRF header, and Sec-Fetch-Site as documented when there is no Origin', async () => {
    const path = '/api/services/shopping-lists/api/v1/lists';
    const post = (headers: Record<string, string>) =>
      request(gw.app.server).post(path).set(SHOP).set(headers).send({ name: 'x' });
    const header = { [rules.csrf.header.name]: rules.csrf.header.value };
    expect((await post({ origin: 'http://shop.localhost' })).status).toBe(403);
    expect((await post({ ...header, origin: 'https://other.example' })).status).toBe(403);
    expect((await post({ ...header, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    for (const site of rules.csrf.secFetchSiteWithoutOrigin)
      expect((await post({ ...header, 'sec-fetch-site': site })).status, site).toBe(200);
    expect(gw.upstream.requests).toHaveLength(rules.csrf.secFetchSiteWithoutOrigin.length);
  });

  it('uaa’s token segments and services not listed are refused before the upstream', async () => {
    for (const segment of rules.refusedUaaSegments.filter((s) => !s.includes('*'))) {
      const res = await request(gw.app.server).get(`/api/services/uaa/api/v1/${segment}`).set(SHOP);
      expect(res.status, segment).toBe(404);
    }
    expect((await request(gw.app.server).get('/api/services/not-listed/x').set(SHOP)).status).toBe(
      404,
    );
    expect(gw.upstream.requests).toEqual([]);
    for (const service of rules.services) {
      const res = await request(gw.app.server).get(`/api/services/${service}/api/v1/x`).set(SHOP);
      expect(res.status, service).toBe(200);
    }
  });

  it('a replayable method is asked again after a 503, a write is not', async () => {
    expect(rules.retry.afterStatuses).toContain(503);
    // One service per method: each call's failures stay below its breaker's threshold.
    const services = rules.services.filter((s) => s !== 'uaa');
    const methods = [...rules.retry.methods.filter((m) => m !== 'OPTIONS'), 'POST'];
    for (const [index, method] of methods.entries()) {
      const path = `/api/services/${services[index]!}/api/v1/busy`;
      gw.upstream.on(method, path, { status: 503, body: { error: 'busy' } });
      const agent = request(gw.app.server);
      const call =
        method === 'GET'
          ? agent.get(path)
          : method === 'HEAD'
            ? agent.head(path)
            : agent.post(path);
      const res = await call.set(method === 'POST' ? WRITE : SHOP);
      expect(res.status, method).toBe(503);
      const asked = gw.upstream.requests.filter((r) => r.path === path).length;
      expect(asked, method).toBe(
        rules.retry.methods.includes(method) ? rules.retry.maxAttempts : 1,
      );
    }
  });
});
