import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { closeGateway } from '../support/close-gateway';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, type TestPlatform } from '../support/platform';
import { rawRequest, type RawAnswer } from '../support/raw-http';

// ADR 0298: React Router's route manifest (lazy route discovery) is the build's own data: the
// gateway answers it without the page context, so with no upstream call, signed in or not. Each
// of these reads made the account, CMS context and cart calls before. A page still makes them.
let platform: TestPlatform;
let faults: FaultProxy;
let gateway: FastifyInstance;
let base: string;
let session: string;
let version: string;

beforeAll(async () => {
  platform = await startPlatform();
  faults = await startFaultProxy(platform.url);
  const config = loadConfig({ PLATFORM_URL: faults.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  gateway = await buildApp(config);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
  const pair = await platform.signIn('fresh');
  session = `access_token=${pair.access_token}; refresh_token=${pair.refresh_token}`;
  const latest = await rawRequest(base, 'GET', '/builds/latest.json', {});
  version = (JSON.parse(latest.body) as { buildId: string }).buildId;
});
afterAll(async () => {
  if (gateway) await closeGateway(gateway);
  await faults?.close();
  await platform?.close();
});

const callsOf = (answer: RawAnswer) =>
  faults.seen.filter(
    (call) => call.headers['x-correlation-id'] === answer.headers['x-correlation-id'],
  );
const manifest = (query: string, cookie: string | null, method = 'GET') =>
  rawRequest(base, method, `/__manifest?${query}`, cookie ? { cookie } : {});

describe('the route manifest', () => {
  const paths = encodeURIComponent('/orders,/profile,/search/milk,/no/such/page');

  for (const [who, cookie] of [
    ['signed in', () => session],
    ['a guest', () => null],
  ] as const) {
    it(`answers ${who} with the routes of the paths asked, immutable, with no upstream call`, async () => {
      const answer = await manifest(`paths=${paths}&version=${version}`, cookie());
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['x-correlation-id']).toBeTruthy();
      const routes = JSON.parse(answer.body) as Record<string, { id: string; path?: string }>;
      // The root, each path's route, and the not-found route for the path no route has.
      expect(Object.keys(routes).sort()).toEqual([
        'order-list',
        'profile',
        'root',
        'routes/not-found',
        'search-results',
      ]);
      expect(callsOf(answer)).toEqual([]);

      const head = await manifest(`paths=${paths}&version=${version}`, cookie(), 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(callsOf(head)).toEqual([]);
    });
  }

  it('tells a page of another build to reload, and refuses a read without paths, not stored', async () => {
    const stale = await manifest(`paths=${paths}&version=not-this-build`, session);
    expect(stale.status).toBe(204);
    expect(stale.headers['x-remix-reload-document']).toBe('true');
    expect(stale.headers['cache-control']).toBe('private, no-store');
    const bad = await manifest(`version=${version}`, session);
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toBe('private, no-store');
    expect([...callsOf(stale), ...callsOf(bad)]).toEqual([]);
  });

  it('answers odd paths of the current build with a 2xx or 4xx, never a 5xx, and no call', async () => {
    const odd = [
      '/%00',
      '/..%2f..',
      '/x'.repeat(400),
      Array.from({ length: 600 }, (_, i) => `/p${i}`).join(','),
      '%e2%80%ae',
      ',,,',
    ];
    for (const list of odd) {
      const answer = await manifest(
        `paths=${encodeURIComponent(list)}&version=${version}`,
        session,
      );
      expect(answer.status, list.slice(0, 40)).toBeGreaterThanOrEqual(200);
      expect(answer.status, list.slice(0, 40)).toBeLessThan(500);
      expect(callsOf(answer)).toEqual([]);
    }
  });

  it('leaves pages as they were: a signed-in page still asks for its account and context', async () => {
    const page = await rawRequest(base, 'GET', '/orders', { accept: 'text/html', cookie: session });
    expect(page.status).toBe(200);
    const called = callsOf(page).map((call) => call.url);
    expect(called.some((url) => url.includes('/uaa/api/v1/account'))).toBe(true);
    expect(called.some((url) => url.startsWith('/cms-api/context'))).toBe(true);
  });
});
