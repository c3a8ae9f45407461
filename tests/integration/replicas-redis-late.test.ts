import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { redisConnected, registry } from '../../server/observability/metrics';
import { PURGE_CHANNEL, openPurgeChannel } from '../../server/replicas/purge-channel';
import { connectReplicas, type Replicas } from '../../server/replicas/redis';
import { CLOSED_PORT } from '../support/closed-port';
import { freePort } from '../support/nginx';
import { startRedis, type TestRedis } from '../support/redis';

// A gateway replica that starts while Redis is down (a cluster's Redis rescheduled, compose
// started out of order) and stays down past ioredis's retries of a queued command (20 retries,
// ~10 s): once Redis is back, the other replicas' cache purges must reach it (ADR 0221). Before
// the subscriber kept its SUBSCRIBE until it connected, ioredis dropped it after those retries and
// the replica never subscribed again, however long it ran. Meanwhile its gateway_redis_connected
// reads 0, the series the GatewayRedisUnreachable alert reads (ADR 0378): the log said so once,
// no metric did.
let replicas: Replicas | undefined;
let redis: TestRedis | undefined;
afterAll(async () => {
  await replicas?.close();
  await redis?.close();
});

/** gateway_redis_connected as /metrics shows it (undefined: no such series). */
async function connectedGauge(): Promise<number | undefined> {
  const line = (await registry.metrics()).match(/^gateway_redis_connected (\S+)$/m);
  return line ? Number(line[1]) : undefined;
}

describe('a replica started while Redis is down', () => {
  it('hears the purges of the other replicas once Redis is back', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const log = pino({ level: 'silent' });
    replicas = await connectReplicas(url, log, redisConnected);
    expect(await connectedGauge()).toBe(0);
    const purged: (string | undefined)[] = [];
    await openPurgeChannel(replicas, (origin) => purged.push(origin), log);

    // Down longer than ioredis retries a queued command.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    redis = await startRedis(port);

    // Another replica's purge, as openPurgeChannel publishes it.
    const { Redis } = await import('ioredis');
    const other = new Redis(url);
    try {
      const message = JSON.stringify({ from: 'another-replica', origin: 'https://fresh.test' });
      const deadline = Date.now() + 8_000;
      while (purged.length === 0 && Date.now() < deadline) {
        await other.publish(PURGE_CHANNEL, message);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      other.disconnect();
    }
    expect(purged[0]).toBe('https://fresh.test');
    expect(await connectedGauge()).toBe(1);

    // Lost again while running: 0 until it is back.
    await redis.close();
    await vi.waitFor(async () => expect(await connectedGauge()).toBe(0), { timeout: 5_000 });
  }, 45_000);

  it('closes at once while Redis is still down (a SIGTERM during the outage)', async () => {
    const log = pino({ level: 'silent' });
    const down = await connectReplicas(`redis://127.0.0.1:${CLOSED_PORT}`, log);
    await openPurgeChannel(down, () => undefined, log);
    const started = Date.now();
    await down.close();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
