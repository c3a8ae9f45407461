import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// Issue #27 item 5 (ADR 0249): one client's flood of proxied searches (300 at once, each held
// 3 s by a slow upstream) takes its fair share and is shed with 429 beyond it, so another
// address's pages keep answering 200 (before: the flood held the upstream pool and every page's
// context call timed out, 504). /readyz is 503 only while the gateway as a whole is full.
// Client addresses come from X-Forwarded-For, the gateway trusting 127.0.0.1 (TRUST_PROXY).
const FLOOD = 300;
const SLOW_MS = 3_000;
const agent = new Agent({ connections: FLOOD + 50, pipelining: 1 });
afterAll(() => agent.close());

const origin = (app: { server: { address(): unknown } }) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function get(base: string, path: string, from: string) {
  const answer = await request(base + path, {
    dispatcher: agent,
    headers: { host: 'localhost:3000', 'x-forwarded-for': from },
  });
  const body = await answer.body.text();
  return { status: answer.statusCode, body, headers: answer.headers };
}

describe('fair share under a flood from one address', () => {
  let gw: PageGateway;
  let base: string;
  beforeAll(async () => {
    gw = await startPageGateway({
      TRUST_PROXY: '127.0.0.1',
      CONTEXT_TIMEOUT_MS: '2000',
      PROXY_TIMEOUT_MS: '10000',
      FAIR_SHARE_QUEUE_MS: '500',
    });
    serveContext(gw.upstream);
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/search', (req) =>
      req.query.get('q') === 'flood'
        ? { delayMs: SLOW_MS, body: { items: [], total: 0 } }
        : { body: { items: [], total: 0 } },
    );
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', { body: { items: [] } });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    base = origin(gw.app);
  });
  afterAll(async () => {
    await gw?.app.close();
    await gw?.upstream.close();
  });

  it("keeps another address's pages at 200 while one address floods the proxy", async () => {
    // Each page rendered once before (a first render is not what is measured here).
    for (const path of ['/', '/search/milk', '/search/tea']) await get(base, path, '198.51.100.2');
    const flood = Array.from({ length: FLOOD }, () =>
      get(base, '/api/services/catalogue/api/v1/search?q=flood', '203.0.113.7'),
    );
    // The flood is in: every one of its calls is taken or shed by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pages: number[] = [];
    for (const path of ['/', '/search/milk', '/', '/search/tea']) {
      pages.push((await get(base, path, '198.51.100.2')).status);
    }
    const ready = await get(base, '/readyz', '198.51.100.2');
    const answers = await Promise.all(flood);
    expect(pages).toEqual([200, 200, 200, 200]);
    // One client's flood does not make the gateway unready.
    expect(ready.status).toBe(200);
    const statuses = answers.map((a) => a.status);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    const shed = answers.filter((a) => a.status === 429);
    expect(shed.length).toBeGreaterThan(FLOOD / 2);
    expect(JSON.parse(shed[0]!.body)).toMatchObject({ error: { code: 'too_many_requests' } });
    expect(shed[0]!.headers['retry-after']).toBe('1');
    // The upstream saw the client's share, not the flood.
    expect(gw.upstream.requests.filter((r) => r.query.get('q') === 'flood').length).toBeLessThan(
      FLOOD / 4,
    );
  }, 30_000);
});

describe('readiness under real saturation', () => {
  let gw: EndpointGateway;
  beforeAll(async () => {
    gw = await startEndpointGateway({
      TRUST_PROXY: '127.0.0.1',
      FAIR_SHARE_CALLS: '2/4',
      FAIR_SHARE_QUEUE_MS: '200',
    });
    gw.upstream.on('GET', /\/api\/services\/catalogue\//, { delayMs: 1_500, body: { items: [] } });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => gw?.close());

  it('answers /readyz 503 while every place is taken, 503 to the overflow, and 200 after', async () => {
    const base = origin(gw.app);
    const path = '/api/services/catalogue/api/v1/products';
    const calls = ['10.0.0.1', '10.0.0.2', '10.0.0.3'].flatMap((from) => [
      get(base, path, from),
      get(base, path, from),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = await get(base, '/readyz', '10.0.0.9');
    const statuses = (await Promise.all(calls)).map((a) => a.status).sort();
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body)).toEqual({ status: 'saturated' });
    // Four places: four answers, and the two that found none were shed with 503 (not their fault).
    expect(statuses).toEqual([200, 200, 200, 200, 503, 503]);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await get(base, '/readyz', '10.0.0.9')).status).toBe(200);
  }, 20_000);
});

describe('fair share of page renders', () => {
  let gw: PageGateway;
  beforeAll(async () => {
    gw = await startPageGateway({
      TRUST_PROXY: '127.0.0.1',
      FAIR_SHARE_RENDERS: '2/8',
      FAIR_SHARE_QUEUE_MS: '200',
    });
    serveContext(gw.upstream);
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/search', (req) => ({
      delayMs: req.query.get('q') === 'slow' ? 800 : 0,
      body: { items: [], total: 0 },
    }));
    gw.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', { body: { items: [] } });
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gw?.app.close();
    await gw?.upstream.close();
  });

  it("sheds one address's renders past its share with 429; another's pages answer", async () => {
    const base = origin(gw.app);
    await get(base, '/search/milk', '198.51.100.3');
    const flood = Array.from({ length: 10 }, () => get(base, '/search/slow', '203.0.113.8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = await get(base, '/search/milk', '198.51.100.3');
    const statuses = (await Promise.all(flood)).map((a) => a.status);
    expect(other.status).toBe(200);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
  }, 20_000);
});
