import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { HttpFailure } from '../../server/errors/http-failure';
import type { Reporter } from '../../server/observability/error-reporting';
import { loadConfig } from '../../server/config';
import { runInScope, type RequestScope } from '../../server/observability/scope';
import { upstreamWatch } from '../../server/observability/upstream-watch';
import { createPlatform } from '../../server/upstream/platform';
import { startReportingShop } from '../support/error-inbox';
import { startPageGateway } from '../support/page-gateway';

// Issue #7 loose ends (docs/decisions/0174): the browser's page CID in the gateway's log line, a
// call cut by the pool deadline reported like any failed upstream call, 50 stack frames.
const scope = (cid: string): RequestScope => ({
  cid,
  traceId: '1'.repeat(32),
  tenant: 'fresh',
  // A page's loader call: a proxied call cut this way is reported by the proxy as its 504
  // instead (docs/decisions/0127; tests/integration/gateway-proxy-reports.test.ts).
  routeId: 'search-results',
  user: null,
});

describe("the gateway's request log", () => {
  it("names the browser's page CID beside the call's own, and only a well-formed one", async () => {
    const gw = await startPageGateway();
    try {
      gw.upstream.on('GET', '/api/services/catalogue/api/v1/brands', () => ({
        body: { items: [] },
      }));
      const pageCid = 'P'.repeat(32);
      const sent = await gw.app.inject({
        url: '/api/services/catalogue/api/v1/brands',
        headers: { host: 'localhost:3000', 'x-page-cid': pageCid },
      });
      const bad = await gw.app.inject({
        url: '/api/services/catalogue/api/v1/brands',
        headers: { host: 'localhost:3000', 'x-page-cid': 'not a cid\n{"forged":1}' },
      });
      const line = (cid: unknown) =>
        gw.logs.find((l) => l.msg === 'request completed' && l.cid === cid);
      const cid = sent.headers['x-correlation-id'];
      expect(cid).not.toBe(pageCid);
      expect(line(cid)).toMatchObject({ cid, pageCid, statusCode: 200 });
      expect(line(bad.headers['x-correlation-id'])).not.toHaveProperty('pageCid');
    } finally {
      await gw.app.close();
      await gw.upstream.close();
    }
  });
});

describe('a call cut by the deadline while the pool has no free connection', () => {
  const held: ServerResponse[] = [];
  const server = createServer((_req, res) => void held.push(res));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it(
    'is reported at once as "[0] GW_UPSTREAM_TIMEOUT (url)" with its CID, and only once',
    {
      timeout: 120_000,
    },
    async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const reports: { cid: string; failure: HttpFailure }[] = [];
      const reporter = {
        enabled: true,
        exception: () => undefined,
        httpFailure: async (s: RequestScope, failure: HttpFailure) => {
          reports.push({ cid: s.cid, failure });
          return 'e'.repeat(32);
        },
        setBuildId: () => {},
        flush: async () => true,
      } satisfies Reporter;
      const config = loadConfig({ PLATFORM_URL: base, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
      const platform = createPlatform(
        config,
        upstreamWatch(() => reporter),
      );
      const url = `${base}/api/services/catalogue/api/v1/slow`;

      // Every connection of the pool (128) held by an answer that has not come yet.
      const holders = Array.from({ length: 128 }, () =>
        runInScope(scope('H'.repeat(32)), () =>
          request(url, {
            dispatcher: platform.upstreams.forPath('/').dispatcher,
            headersTimeout: 120_000,
          }),
        ),
      );
      await vi.waitFor(() => expect(held).toHaveLength(128), { timeout: 30_000, interval: 50 });

      const queuedCid = 'Q'.repeat(32);
      const queued = runInScope(scope(queuedCid), () =>
        request(url, {
          dispatcher: platform.upstreams.forPath('/').dispatcher,
          headersTimeout: 200,
        }),
      );
      await expect(queued).rejects.toMatchObject({ code: 'GW_UPSTREAM_TIMEOUT' });
      // Reported when it was cut, while every connection is still held.
      expect(held.every((res) => !res.writableEnded)).toBe(true);
      expect(reports).toEqual([
        {
          cid: queuedCid,
          failure: {
            status: 0,
            statusText: 'GW_UPSTREAM_TIMEOUT',
            url,
            path: '/api/services/catalogue/api/v1/slow',
          },
        },
      ]);

      for (const res of held) res.end('ok');
      await Promise.all(holders.map(async (h) => (await h).body.text()));
      await platform.upstreams.close();
      // The cut call, dispatched once a connection was free, is not reported a second time.
      expect(reports.filter((r) => r.cid === queuedCid)).toHaveLength(1);
      expect(reports).toHaveLength(1);
    },
  );
});

describe('server error reports', () => {
  it('carry up to 50 stack frames (specification section 9)', async () => {
    const shop = await startReportingShop();
    try {
      const deep = (n: number): Error => (n === 0 ? new Error('Deep error') : deep(n - 1));
      const eventId = shop.gateway.reporter.exception(deep(80))!;
      expect(eventId).toMatch(/^[0-9a-f]{32}$/);
      const event = await vi.waitFor(
        async () => {
          const found = (await shop.inbox()).find((e) => e.eventId === eventId);
          expect(found).toBeDefined();
          return found!;
        },
        { timeout: 60_000, interval: 200 },
      );
      const exception = event.event.exception as {
        values: { stacktrace: { frames: unknown[] } }[];
      };
      expect(exception.values[0]!.stacktrace.frames).toHaveLength(50);
    } finally {
      await shop.close();
    }
  }, 120_000);
});
