import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

// The Redis connection of the rate-limit counters (REDIS_URL; docs/decisions/0130). Commands fail at
// once while it is down instead of queueing (a request must never wait for Redis): the limiter then
// lets requests through (fail open, logged) and the platform's per-account lockout still holds.
// ioredis is imported only when REDIS_URL is set: a single gateway never loads it.
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
    lazyConnect: true,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error({ err: error }, 'rate limits: Redis unreachable; limits are not enforced');
  });
  redis.on('ready', () => {
    if (down) log.info('rate limits: Redis reachable again');
    down = false;
  });
  // Boot waits a moment for Redis but does not fail without it: ioredis keeps reconnecting.
  await redis.connect().catch(() => undefined);
  return redis;
}
