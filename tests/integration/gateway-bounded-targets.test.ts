import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ReportedError } from '../../server/errors/reported-error';
import { PAGE_PATH_LIMIT, PAGE_SEGMENT_LIMIT, TARGET_LIMIT } from '../../server/request/target';
import { CID_PATTERN } from '../../shared/cid';
import { closeGateway } from '../support/close-gateway';
import { inboxDsn, readInbox } from '../support/error-inbox';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, type TestPlatform } from '../support/platform';
import { rawRequest, type RawAnswer } from '../support/raw-http';

// Issue #24 item 3 (docs/decisions/0211): a visitor's own long URL or Host is a 4xx, never a 5xx,
// an error-level log line or an error report. A target over TARGET_LIMIT is a 414 and a Host over
// 255 characters a 400, both in the error shape and before any upstream call; a page path is at
// most PAGE_PATH_LIMIT (414), so the CMS context call never fails for what is in the URL, and
// of at most PAGE_SEGMENT_LIMIT segments (414), so its render stays cheap (ADR 0297). Each
// case answered 502 before (a path segment of 1,000+ characters, a Host of 300+, `/healthz` and a
// long tail), against the reference platform over real HTTP.
let platform: TestPlatform;
let faults: FaultProxy;
let gateway: FastifyInstance;
let base: string;
let host: string;
let session: string;
const logs: { level: number; msg?: string; cid?: string }[] = [];
const reported: ReportedError[] = [];

beforeAll(async () => {
  platform = await startPlatform();
  faults = await startFaultProxy(platform.url);
  const config = loadConfig({
    PLATFORM_URL: faults.url,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    SENTRY_DSN: inboxDsn(platform.url),
  });
  gateway = await buildApp(config, { logStream: { write: (line) => logs.push(JSON.parse(line)) } });
  gateway.errorReporters.push((report) => reported.push(report));
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  base = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
  host = new URL(base).host;
  const pair = await platform.signIn('fresh');
  session = `access_token=${pair.access_token}; refresh_token=${pair.refresh_token}`;
});
afterAll(async () => {
  if (gateway) await closeGateway(gateway);
  await faults?.close();
  await platform?.close();
});
beforeEach(() => {
  logs.length = 0;
  reported.length = 0;
});

const page = (target: string, headers: Record<string, string> = {}) =>
  rawRequest(base, 'GET', target, { accept: 'text/html', ...headers });
const cidOf = (answer: RawAnswer) => String(answer.headers['x-correlation-id']);
const upstreamCallsOf = (cid: string) =>
  faults.seen.filter((call) => call.headers['x-correlation-id'] === cid);

function expectRefused(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string; cid: string } };
  expect(body.error).toEqual({ code, message: expect.any(String), cid: cidOf(answer) });
  expect(body.error.cid).toMatch(CID_PATTERN);
  expect(upstreamCallsOf(body.error.cid)).toEqual([]);
}

/** No error-level log line, no error reported (5xx reporters and the inbox) for this answer. */
async function expectQuiet(answer: RawAnswer) {
  expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  expect(reported.map((report) => report.status)).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await gateway.reporter.flush(5_000);
  expect(await readInbox(platform.url, cidOf(answer))).toEqual([]);
}

const repeat = (length: number, prefix: string) => prefix + 'a'.repeat(length - prefix.length);

describe(`a request target longer than ${TARGET_LIMIT} characters`, () => {
  it.each([
    ['a page', '/search?q='],
    ['a page data request', '/search.data?q='],
    ['a proxied write', '/api/services/catalogue/api/v1/categories?x='],
    ['the health probe', '/healthz?x='],
    ['a gateway route', '/auth/session?x='],
    ['nothing at all', '/nowhere?x='],
  ])('%s: 414 in the error shape, before any upstream call', async (_name, prefix) => {
    const method = prefix.startsWith('/api/') ? 'POST' : 'GET';
    const answer = await rawRequest(base, method, repeat(TARGET_LIMIT + 1, prefix), {
      cookie: session,
      origin: base,
      'x-csrf': '1',
    });
    expectRefused(answer, 414, 'uri_too_long');
    await expectQuiet(answer);
  });

  // The proxy's front door serves plain reads before Fastify's hooks: it leaves a target over the
  // limit to them (the same rule, targetProblem).
  it('a proxied read: 414 before any upstream call (front door)', async () => {
    const target = repeat(TARGET_LIMIT + 1, '/api/services/catalogue/api/v1/categories?x=');
    expectRefused(await rawRequest(base, 'GET', target), 414, 'uri_too_long');
  });

  it('at the limit: served (the search form redirects to its page), not a 4xx or 5xx', async () => {
    for (const prefix of ['/search?q=', '/?utm=', '/api/services/catalogue/api/v1/categories?x=']) {
      const answer = await page(repeat(TARGET_LIMIT, prefix), { cookie: session });
      expect(answer.status, prefix).toBeLessThan(400);
      await expectQuiet(answer);
    }
  });
});

describe('a page path and its segments', () => {
  it.each(['/page/', '/healthz/', '/products/'])(
    `a path of ${PAGE_PATH_LIMIT + 1} characters (%s...) is a 414 before any upstream call`,
    async (prefix) => {
      const answer = await page(repeat(PAGE_PATH_LIMIT + 1, prefix), { cookie: session });
      expectRefused(answer, 414, 'uri_too_long');
      await expectQuiet(answer);
    },
  );

  it.each([
    ['signed in', true],
    ['a guest', false],
  ])(
    `a path of more than ${PAGE_SEGMENT_LIMIT} segments, %s: a 414 before any upstream call`,
    async (_n, signedIn) => {
      const cookie: Record<string, string> = signedIn ? { cookie: session } : {};
      for (const target of ['/x'.repeat(PAGE_SEGMENT_LIMIT + 1), '/products' + '/x'.repeat(2000)]) {
        const answer = await page(target, cookie);
        expectRefused(answer, 414, 'uri_too_long');
        await expectQuiet(answer);
      }
      // At the limit, the page itself: the shop's not-found screen.
      const deepest = await page('/x'.repeat(PAGE_SEGMENT_LIMIT), cookie);
      expect(deepest.status).toBe(404);
      expect(deepest.body).toMatch(/name="correlation-id"/);
    },
  );

  it.each([
    ['a content page, signed in', '/page/', true],
    ['a content page', '/page/', false],
    ['a policy, signed in', '/policy/', true],
    ['a brand', '/brands/', false],
    ['a product, signed in', '/products/', true],
    ['an order, signed in', '/orders/', true],
    ['a smart cart, signed in', '/smart-carts/', true],
    ['the health probe and a tail', '/healthz/', false],
  ])(
    '%s with one long segment: a 4xx page, the context call answered',
    async (_n, prefix, signedIn) => {
      for (const length of [1000, 3000, PAGE_PATH_LIMIT]) {
        const answer = await page(repeat(length, prefix), signedIn ? { cookie: session } : {});
        expect(answer.status, `${prefix} ${length}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${prefix} ${length}`).toBeLessThan(500);
        expect(answer.body).toMatch(/name="correlation-id"/);
        const calls = upstreamCallsOf(cidOf(answer)).map((call) => call.url);
        expect(calls.some((url) => url.startsWith('/cms-api/context?'))).toBe(true);
        expect(logs.filter((line) => /context not returned/.test(line.msg ?? ''))).toEqual([]);
        // Nothing of a content page is asked for a name longer than any the CMS has.
        if (prefix === '/page/' || prefix === '/policy/')
          expect(calls.filter((url) => /^\/cms-api\/(pages|policies)\//.test(url))).toEqual([]);
      }
      expect(logs.filter((line) => line.level >= 50)).toEqual([]);
      expect(reported).toEqual([]);
    },
  );

  it('a character browsers always encode in a path is a 400, anywhere else it is kept', async () => {
    const answer = await page('/search/"milk"', { cookie: session });
    expectRefused(answer, 400, 'bad_path');
    expect((await page('/search/%22milk%22')).status).toBe(200);
    expect((await page('/search?q="milk"')).status).toBe(302);
  });
});

describe('a Host longer than 255 characters', () => {
  const longHost = (length: number) => `${'a'.repeat(length - 13)}.example:3000`;

  it.each([256, 300, 5000])('%i characters: 400 in the error shape on every route', async (n) => {
    for (const target of ['/', '/search/milk', '/api/services/catalogue/api/v1/categories']) {
      const answer = await rawRequest(base, 'GET', target, { host: longHost(n), cookie: session });
      expectRefused(answer, 400, 'bad_host');
      expect(JSON.parse(answer.body).error.message).toBe('Host longer than 255 characters');
      await expectQuiet(answer);
    }
  });

  it('255 characters is a host like any other (no shop there: 421)', async () => {
    const answer = await page('/', { host: longHost(255) });
    expect(answer.status).toBe(421);
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
    expect(reported).toEqual([]);
  });

  it('a name ending in a number that is no IPv4 address is a 400 too (was a 500)', async () => {
    const answer = await page('/', { host: `${'a'.repeat(200)}.127.0.0.1:3000` });
    expectRefused(answer, 400, 'bad_host');
    await expectQuiet(answer);
  });

  it('the probes still answer for the load balancer, whatever the Host', async () => {
    expect((await rawRequest(base, 'GET', '/healthz', { host: longHost(5000) })).status).toBe(200);
    expect((await rawRequest(base, 'GET', '/healthz', { host })).status).toBe(200);
  });
});
