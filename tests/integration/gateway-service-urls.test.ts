import type { FastifyInstance } from 'fastify';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { registry } from '../../server/observability/metrics';
import { DEFAULT_PROXIED_SERVICES } from '../../server/upstream/service-urls';
import { closeGateway } from '../support/close-gateway';
import { CookieJar } from '../support/cookie-jar';
import { CLOSED_PORT } from '../support/closed-port';
import { startPlatform, type TestPlatform } from '../support/platform';

// One upstream per service (issue #26 item 4, docs/decisions/0213): every service at an address
// of its own (here a forwarding server in front of the reference platform that records what it
// was asked), PLATFORM_URL pointing at a port nobody listens on. The shop still works, and each
// address only ever sees its own service's paths.
type Forwarder = { url: string; paths: string[]; close(): Promise<void> };

async function startForwarder(target: string, stripPrefix = ''): Promise<Forwarder> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').slice(stripPrefix.length);
    paths.push(path);
    const upstream = httpRequest(
      `${target}${path}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${stripPrefix}`,
    paths,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SERVICES = [...DEFAULT_PROXIED_SERVICES, 'cms-api'] as const;

let platform: TestPlatform;
let gateway: FastifyInstance;
let origin: string;
const forwarders = new Map<string, Forwarder>();

beforeAll(async () => {
  platform = await startPlatform();
  for (const service of SERVICES)
    // The catalogue's base URL has a path: it is kept in front of the contract's paths.
    forwarders.set(
      service,
      await startForwarder(platform.url, service === 'catalogue' ? '/catalogue-svc' : ''),
    );
  const serviceUrls = Object.fromEntries(
    [...forwarders].map(([service, forwarder]) => [service, forwarder.url]),
  );
  const config = loadConfig({
    PLATFORM_URL: `http://127.0.0.1:${CLOSED_PORT}`,
    SERVICE_URLS: JSON.stringify(serviceUrls),
    LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    NODE_ENV: 'test',
  });
  gateway = await buildApp(config);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeGateway(gateway);
  await Promise.all([...forwarders.values()].map((forwarder) => forwarder.close()));
  await platform.close();
});

describe('SERVICE_URLS with PLATFORM_URL unreachable', () => {
  it('serves pages, sign-in, the proxy and the cart, each service from its own address', async () => {
    const jar = new CookieJar();
    const home = await fetch(`${origin}/`);
    expect(home.status, await home.clone().text()).toBe(200);
    const search = await fetch(`${origin}/search/milk`);
    expect(search.status).toBe(200);
    expect(await search.text()).toMatch(/milk/i);

    const signIn = await fetch(`${origin}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', origin },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    expect(signIn.status).toBe(200);
    jar.store(origin, signIn);

    const methods = await fetch(`${origin}/api/services/profile/api/v1/payment-methods`, {
      headers: { cookie: jar.header(origin) },
    });
    expect(methods.status).toBe(200);
    const products = await fetch(`${origin}/api/services/catalogue/api/v1/search?q=milk`);
    expect(products.status).toBe(200);
    const page = await fetch(`${origin}/orders`, { headers: { cookie: jar.header(origin) } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('shopper@example.com');

    for (const service of ['uaa', 'cms-api', 'catalogue', 'booking-ms', 'profile', 'orders'])
      expect(forwarders.get(service)!.paths.length, service).toBeGreaterThan(0);
    for (const [service, forwarder] of forwarders) {
      const own = service === 'cms-api' ? '/cms-api/' : `/api/services/${service}/`;
      for (const path of forwarder.paths) expect(path, service).toMatch(new RegExp(`^${own}`));
    }
    // The catalogue's prefix is no part of its calls' service or route template (ADR 0304).
    const metrics = await registry.metrics();
    expect(metrics).toMatch(
      /gateway_upstream_request_duration_seconds_count\{service="catalogue",route="\/api\/services\/catalogue\/api\/v1\/search"\} [1-9]/,
    );
    expect(metrics).not.toMatch(/gateway_upstream_requests_total\{service="other"/);
  });
});

describe('a service down at its own address', () => {
  it('fails that service alone, with its own circuit, while the others answer', async () => {
    const down = `http://127.0.0.1:${CLOSED_PORT}`;
    const config = loadConfig({
      PLATFORM_URL: platform.url,
      SERVICE_URLS: JSON.stringify({ orders: down }),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    });
    const second = await buildApp(config);
    await second.listen({ port: 0, host: '127.0.0.1' });
    const at = `http://localhost:${(second.server.address() as AddressInfo).port}`;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const orders = await fetch(`${at}/api/services/orders/api/v1/orders`);
        statuses.push(orders.status);
        await orders.arrayBuffer();
      }
      // Unreachable: 502 until the circuit opens (5 failures), then 503 at once. Each read is
      // asked twice (a refused connection, ADR 0353): the third read's first try is the fifth
      // failure, and its second try meets the open circuit.
      expect(statuses).toEqual([502, 502, 503, 503, 503, 503, 503]);
      const search = await fetch(`${at}/api/services/catalogue/api/v1/search?q=milk`);
      expect(search.status).toBe(200);
    } finally {
      await closeGateway(second);
    }
  });
});

describe('SERVICE_URLS at start', () => {
  const base = { PLATFORM_URL: 'http://127.0.0.1:4000' };
  it('names each unknown service and each bad URL', () => {
    expect(() =>
      loadConfig({ ...base, SERVICE_URLS: '{"catalog":"http://a:1","cms":"http://b:2"}' }),
    ).toThrow(/SERVICE_URLS\.catalog: unknown service[\s\S]*SERVICE_URLS\.cms: unknown service/);
    expect(() =>
      loadConfig({ ...base, SERVICE_URLS: '{"uaa":"ftp://a","orders":"nope"}' }),
    ).toThrow(/SERVICE_URLS\.uaa\.url: must be an http\(s\) URL[\s\S]*SERVICE_URLS\.orders\.url/);
    expect(() => loadConfig({ ...base, SERVICE_URLS: 'not json' })).toThrow(/JSON object/);
  });
  it('takes services added to PROXY_SERVICES, and per-service deadlines', () => {
    const config = loadConfig({
      ...base,
      PROXY_SERVICES: 'uaa,catalogue,reviews',
      SERVICE_URLS: '{"reviews":{"url":"http://reviews:8080/v2/","timeoutMs":1500}}',
    });
    expect(config.proxiedServices).toEqual(['uaa', 'catalogue', 'reviews']);
    expect(config.serviceUrls).toEqual({
      reviews: { url: 'http://reviews:8080/v2', timeoutMs: 1500 },
    });
  });
});
