import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inboxDsn } from './error-inbox';
import { freePort, startNginx, type Nginx } from './nginx';
import { startGatewayProcess, startPlatformProcess, type NodeProcess } from './processes';
import { startPrometheus, type Prometheus } from './prometheus';
import { startRedis, type TestRedis } from './redis';

// The deployment Debian's prometheus scrapes in the reliability tests (docs/decisions/0329,
// 0378): the platform process, two production gateways sharing a Redis, as deployed, behind nginx,
// and prometheus with the deployed scrape configuration and alert rules (each rule's `for`
// shortened to 5 s: alerts.test.yml tests the durations), scraping every second. Needs
// `npm run build`, nginx, redis-server and prometheus.

export type ScrapedGateways = {
  /** The platform process; none while a test has it stopped. */
  platform?: NodeProcess;
  gateways: NodeProcess[];
  /** Each gateway's metrics port, in the order of `gateways`. */
  metricsPorts: number[];
  nginx: Nginx;
  prometheus: Prometheus;
  /** The shared Redis (a test may stop it); `redisPort` is where the gateways look for it. */
  redis?: TestRedis;
  redisPort: number;
  /** Starts the platform again, on its data and port. */
  restartPlatform(): Promise<NodeProcess>;
  close(): Promise<void>;
};

// Tokens short-lived enough that every signed-in page renews first (the refresh counter).
const PLATFORM_ENV = { ACCESS_TOKEN_TTL: '30' };

export async function startScrapedGateways(): Promise<ScrapedGateways> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storefront-prometheus-scrape-'));
  // What a test may stop and start again, closed as it then is.
  const held: Pick<ScrapedGateways, 'platform' | 'redis'> = {};
  // What has started, closed newest first: also when a later start fails.
  const closes: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const closeOne of closes.splice(0).reverse()) await closeOne();
  };
  try {
    const platformPort = await freePort();
    const platform = await startPlatformProcess(dataDir, platformPort, PLATFORM_ENV);
    held.platform = platform;
    closes.push(async () => held.platform?.stop());
    const balancer = await freePort();
    const redisPort = await freePort();
    const redis = await startRedis(redisPort);
    held.redis = redis;
    closes.push(async () => held.redis?.close());
    const metricsPorts = [await freePort(), await freePort()];
    const gateways = await Promise.all(
      metricsPorts.map((metrics) =>
        startGatewayProcess(platform.url, {
          TRUST_PROXY: '127.0.0.1',
          PUBLIC_PORTS: String(balancer),
          METRICS_PORT: String(metrics),
          METRICS_HOST: '127.0.0.1',
          SENTRY_DSN: inboxDsn(platform.url),
          PROXY_TIMEOUT_MS: '3000',
          CONTEXT_TIMEOUT_MS: '3000',
          REDIS_URL: redis.url,
          PAGE_PROOF_SECRET: 'prometheus-scrape-page-proof-secret-0123456789',
        }),
      ),
    );
    closes.push(() => Promise.all(gateways.map((gateway) => gateway.stop())));
    const nginx = await startNginx(
      gateways.map((gateway) => gateway.port),
      balancer,
    );
    closes.push(() => nginx.close());
    const prometheus = await startPrometheus(
      metricsPorts.map((port) => `127.0.0.1:${port}`),
      { interval: '1s', ruleFor: '5s' },
    );
    closes.push(() => prometheus.close());
    return Object.assign(held, {
      gateways,
      metricsPorts,
      nginx,
      prometheus,
      redisPort,
      restartPlatform: async () =>
        (held.platform = await startPlatformProcess(dataDir, platformPort, PLATFORM_ENV)),
      close,
    });
  } catch (error) {
    await close();
    throw error;
  }
}
