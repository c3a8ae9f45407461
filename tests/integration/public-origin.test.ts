import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cataloguePaths, type SearchResult } from '../../shared/contracts/catalogue';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { closeGateway } from '../support/close-gateway';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, TENANTS, type TestPlatform } from '../support/platform';

// Canonical links, og:url, JSON-LD, the sitemap and robots.txt name the shop's configured public
// origin (the platform's tenant origin, in the page context), never the request's Host; a Host
// on a port the shop is not published at is refused as a host that is no shop (421), before any
// platform call (issue #27 item 12, docs/decisions/0272). Before, `Host: localhost:6666` came back
// in every one of them, and each new port cost a whole sitemap collection.
const BALANCER = 8443;
let platform: TestPlatform;
let faults: FaultProxy;
let gateway: FastifyInstance;
let url: string;
let port: number;

beforeAll(async () => {
  platform = await startPlatform();
  // Between the gateway and the platform: every platform call is seen.
  faults = await startFaultProxy(platform.url);
  const config = loadConfig({
    PLATFORM_URL: faults.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_PORTS: String(BALANCER),
    TRUST_PROXY: '127.0.0.1',
  });
  gateway = await buildApp(config);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  port = (gateway.server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  if (gateway) await closeGateway(gateway);
  await faults?.close();
  await platform?.close();
});

async function get(path: string, host: string, headers: Record<string, string> = {}) {
  const response = await request(`${url}${path}`, {
    headers: { host, accept: 'text/html', ...headers },
  });
  return { status: response.statusCode, text: await response.body.text() };
}

const callsNaming = (text: string) =>
  faults.seen.filter((call) => String(call.headers['x-domain-origin'] ?? '').includes(text));

describe('the shop at its configured public origin', () => {
  it.each([
    ['the gateway port', (): string => `localhost:${port}`, 'fresh'],
    ['the balancer port', (): string => `harbour.localhost:${BALANCER}`, 'harbour'],
    ['no port', (): string => 'localhost', 'fresh'],
  ] as const)(
    'names it in canonical, og:url and JSON-LD, whatever Host (%s)',
    async (_, host, tenant) => {
      const { origin } = TENANTS[tenant];
      const home = await get('/', host());
      expect(home.status).toBe(200);
      expect(home.text).toContain(`<link rel="canonical" href="${origin}/"/>`);
      expect(home.text).toContain(`<meta property="og:url" content="${origin}/"/>`);
      const found = await platform.call(`${cataloguePaths.search}?q=milk&pageSize=1`, { tenant });
      const { items } = (await found.json()) as SearchResult;
      const product = `/products/${items[0]!.slug}`;
      const page = await get(product, host());
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<link rel="canonical" href="${origin}${product}"/>`);
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.text)![1]!;
      expect(JSON.parse(jsonLd)).toMatchObject({ url: `${origin}${product}` });
    },
  );

  it('names it in robots.txt and the sitemap, collected once for every Host of the shop', async () => {
    const robots = await get('/robots.txt', `localhost:${port}`);
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${TENANTS.fresh.origin}/sitemap.xml`);
    const first = await get('/sitemap.xml', `localhost:${port}`);
    expect(first.status).toBe(200);
    const locs = [...first.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(500);
    for (const loc of locs) expect(loc.startsWith(`${TENANTS.fresh.origin}/`), loc).toBe(true);

    // Another Host of the same shop: the same sitemap, and no catalogue call (before: ~18).
    const before = faults.seen.length;
    const second = await get('/sitemap.xml', `localhost:${BALANCER}`);
    expect(second.text).toBe(first.text);
    const catalogue = faults.seen.slice(before).filter((c) => c.url.includes('/catalogue/'));
    expect(catalogue).toEqual([]);
  });
});

describe('a Host on a port the shop is not at', () => {
  const HOST = 'localhost:6666';
  const expectMisdirected = (status: number, text: string) => {
    expect(status).toBe(421);
    expect(JSON.parse(text)).toMatchObject({
      error: { code: 'misdirected_request', message: `No shop is configured for ${HOST}.` },
    });
  };

  it.each(['/', '/search/milk', '/sitemap.xml', '/robots.txt', `${cataloguePaths.search}?q=milk`])(
    'GET %s is a 421, as a host that is no shop, with no platform call',
    async (path) => {
      const answer = await get(path, HOST);
      expectMisdirected(answer.status, answer.text);
      expect(callsNaming(':6666')).toEqual([]);
    },
  );

  it('is a 421 for a sign-in, and named by a trusted proxy in X-Forwarded-Host', async () => {
    const signIn = await request(`${url}/auth/sign-in`, {
      method: 'POST',
      headers: {
        host: HOST,
        origin: `http://${HOST}`,
        'x-csrf': '1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    expectMisdirected(signIn.statusCode, await signIn.body.text());
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const forwarded = await get('/', `localhost:${port}`, { 'x-forwarded-host': HOST });
    expectMisdirected(forwarded.status, forwarded.text);
    expect(callsNaming(':6666')).toEqual([]);
  });

  it('leaves the health probes answering', async () => {
    expect((await get('/healthz', HOST)).status).toBe(200);
  });
});
