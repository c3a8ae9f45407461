import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prometheusInstalled } from '../support/prometheus';
import { startRedis } from '../support/redis';
import { startScrapedGateways, type ScrapedGateways } from '../support/scraped-gateways';
import { sleep } from '../support/traffic';

// The gateways share a Redis, as deployed, and Debian's prometheus scrapes them with the deployed
// alert rules (its `for` shortened here: alerts.test.yml tests the durations): with Redis gone
// each gateway says so, and the alert fires for each, until Redis is back (docs/decisions/0378).
// The deployment of prometheus-scrape.test.ts, of its own: the alert waits for no other test.
// Needs `npm run build`, nginx, redis-server and prometheus (installed in CI).
const run = prometheusInstalled() || Boolean(process.env.CI);
if (!run) console.warn('prometheus-redis-alert: prometheus not found (apt-get install prometheus)');

let scraped: ScrapedGateways;

beforeAll(async () => {
  if (run) scraped = await startScrapedGateways();
}, 240_000);

afterAll(async () => scraped?.close());

describe.runIf(run)('a real Prometheus scrape of two gateways sharing a Redis', () => {
  it(
    'fires the Redis alert for each gateway while Redis is down, and ends it once Redis is back',
    { timeout: 120_000 },
    async () => {
      const redisAlerts = async () =>
        (await scraped.prometheus.alerts())
          .filter((a) => a.labels.alertname === 'GatewayRedisUnreachable' && a.state === 'firing')
          .map((a) => a.labels.instance)
          .sort();
      expect(await redisAlerts()).toEqual([]);
      await scraped.redis!.close();
      let firing: (string | undefined)[] = [];
      for (let attempt = 0; attempt < 120 && firing.length < 2; attempt++) {
        await sleep(500);
        firing = await redisAlerts();
      }
      expect(firing).toEqual(scraped.metricsPorts.map((port) => `127.0.0.1:${port}`).sort());
      scraped.redis = await startRedis(scraped.redisPort);
      for (let attempt = 0; attempt < 120 && firing.length > 0; attempt++) {
        await sleep(500);
        firing = await redisAlerts();
      }
      expect(firing).toEqual([]);
    },
  );
});
