import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BREAKER } from '../../server/proxy/breakers';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { freePort, startNginx, type Nginx } from '../support/nginx';
import { startGatewayProcess, startPlatformProcess, type NodeProcess } from '../support/processes';
import { brief, sleep, steadyTraffic, type Outcome } from '../support/traffic';

// The platform process stops and starts again (same port, same DATA_DIR) while two production
// gateways behind nginx serve steady traffic. While it is down the gateways answer at once with
// 502/503 (JSON errors for API calls, the error page for pages), no request hangs past the
// gateway's own deadline, and they recover by themselves within seconds of its return.
const TIMEOUTS = { CONTEXT_TIMEOUT_MS: '3000', PROXY_TIMEOUT_MS: '5000' };
/** No answer may take longer than the gateway's longest upstream deadline plus scheduling slack. */
const DEADLINE_MS = 5000 + 5000;
let dataDir = '';
let platformPort = 0;
let platform: NodeProcess | undefined;
let gateways: NodeProcess[] = [];
let nginx: Nginx;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storefront-platform-restart-'));
  platformPort = await freePort();
  platform = await startPlatformProcess(dataDir, platformPort);
  const balancer = await freePort();
  gateways = await Promise.all(
    [0, 1].map(() =>
      startGatewayProcess(platform!.url, {
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_PORTS: String(balancer),
        ...TIMEOUTS,
      }),
    ),
  );
  nginx = await startNginx(
    gateways.map((gateway) => gateway.port),
    balancer,
  );
}, 240_000);

afterAll(async () => {
  await nginx?.close();
  await Promise.all(gateways.map((gateway) => gateway.stop()));
  await platform?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const PAGES = ['/', '/search/milk'];
const READS = [`${cataloguePaths.search}?q=milk`, `${cataloguePaths.search}?q=bread`];
const isPage = (o: Outcome) => PAGES.includes(o.path);

function jsonError(o: Outcome): { code?: string; message?: string; cid?: string } | null {
  try {
    return (
      (JSON.parse(o.body) as { error?: { code?: string; message?: string; cid?: string } }).error ??
      null
    );
  } catch {
    return null;
  }
}

describe('the platform restarting under load', () => {
  it(
    'answers fast 502/503 while it is down and recovers by itself',
    { timeout: 180_000 },
    async () => {
      const marks = { stopping: 0, down: 0, restarting: 0, up: 0 };
      const firstGoodRead = { attempts: 0 };
      const t0 = Date.now();
      const scenario = (async () => {
        await sleep(2000);
        marks.stopping = Date.now();
        await platform!.stop('SIGTERM');
        marks.down = Date.now();
        await sleep(5000);
        marks.restarting = Date.now();
        platform = await startPlatformProcess(dataDir, platformPort);
        marks.up = Date.now();
        // One reader, apart from the steady traffic: how many tries until a proxied read is good.
        for (let attempt = 1; attempt <= 60; attempt++) {
          const answer = await fetch(`${nginx.url}${READS[0]}`, {
            signal: AbortSignal.timeout(15_000),
          }).catch(() => null);
          if (answer?.status === 200) {
            firstGoodRead.attempts = attempt;
            break;
          }
          await answer?.body?.cancel();
          await sleep(500);
        }
        // Recovered: answers are good again; then a while more to see them stay good.
        await sleep(15_000);
      })();
      const outcomes = await steadyTraffic(nginx.url, [...PAGES, ...READS], scenario, {
        workers: 4,
        deadlineMs: 30_000,
      });

      // No request hangs: every answer came, within the gateway's deadlines.
      const hung = outcomes.filter((o) => o.error || o.ms > DEADLINE_MS);
      expect(hung.map(brief(t0))).toEqual([]);
      // Before the stop, all good.
      const before = outcomes.filter((o) => o.startedAt + o.ms < marks.stopping);
      expect(before.length).toBeGreaterThan(0);
      expect(before.filter((o) => o.status !== 200)).toEqual([]);

      // While it is down: 502/503/504, API errors in the JSON shape, pages as error pages with a cid.
      const down = outcomes.filter(
        (o) => o.startedAt > marks.down && o.startedAt + o.ms < marks.restarting,
      );
      expect(down.length).toBeGreaterThan(0);
      const wrong = down.filter((o) => {
        if (![502, 503, 504].includes(o.status)) return true;
        if (isPage(o)) return !/correlation-id/.test(o.body);
        const error = jsonError(o);
        return !(error?.code && error.message && error.cid);
      });
      expect(wrong.map(brief(t0))).toEqual([]);

      // Back: from some moment within seconds of the platform's return, every answer is good.
      const after = outcomes.filter((o) => o.startedAt > marks.up);
      const lastBad = Math.max(
        marks.up,
        ...after.filter((o) => o.status !== 200).map((o) => o.startedAt + o.ms),
      );
      const recoveredAfterMs = lastBad - marks.up;
      const good = after.filter((o) => o.startedAt > lastBad);
      console.info(
        `platform restart: platform back ${marks.up - marks.restarting} ms after its start; ${before.length} answers before, ${down.length} while down (slowest ${Math.max(...down.map((o) => o.ms))} ms, statuses ${[...new Set(down.map((o) => o.status))].join('/')}), recovered ${recoveredAfterMs} ms after the platform was back (first proxied read good at try ${firstGoodRead.attempts}), then ${good.length} good answers`,
      );
      expect(good.length).toBeGreaterThan(10);
      // The proxy's circuit breakers try again at the latest 5 s after their last failed trial
      // (docs/decisions/0142; a fixed 10 s before): recovered within that plus a generous allowance
      // for the trial itself on a busy machine, whatever the load (no tighter timing asserted).
      expect(recoveredAfterMs).toBeLessThan(DEFAULT_BREAKER.maxHalfOpenAfterMs + 5_000);
      // And by itself: the first proxied read sent once the platform was back, retried every
      // half second, succeeded within the breaker's longest wait plus that allowance.
      expect(firstGoodRead.attempts).toBeGreaterThan(0);
      expect(firstGoodRead.attempts).toBeLessThanOrEqual(
        (DEFAULT_BREAKER.maxHalfOpenAfterMs + 5_000) / 500,
      );
    },
  );
});
