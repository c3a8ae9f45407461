import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

// What gateway replicas share through Redis (REDIS_URL): the rate-limit counters
// (docs/decisions/0130), one renewal per session and cache purges (docs/decisions/0220, 0221).
// `commands` fails at once while Redis is down instead of queueing (a request must never wait
// for Redis): each user then carries on alone (limits fail open, renewals go to uaa directly,
// purges stay on this replica), logged once per outage and told to `connected` (the metric an
// alert reads, ADR 0378). `subscriber` is in subscriber mode for the purge channel; ioredis
// subscribes again after each reconnection.
// ioredis is imported only when REDIS_URL is set: a single gateway never loads it.
export type Replicas = { commands: Redis; subscriber: Redis; close(): Promise<void> };

export async function connectReplicas(
  url: string,
  log: FastifyBaseLogger,
  connected: (ready: boolean) => void = () => undefined,
): Promise<Replicas> {
  const { Redis } = await import('ioredis');
  const commands = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1000,
    connectTimeout: 2000,
    lazyConnect: true,
  });
  // The subscriber keeps its SUBSCRIBE until it connects, however long Redis is down at start:
  // ioredis drops a queued command after maxRetriesPerRequest reconnections (~10 s by default),
  // and resubscribes after a reconnection only to channels it had subscribed to.
  const subscriber = new Redis(url, {
    connectTimeout: 2000,
    lazyConnect: true,
    maxRetriesPerRequest: null,
  });
  let down = false;
  commands.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(
      { err: error },
      'Redis unreachable: rate limits are not enforced, renewals and cache purges are this replica’s own',
    );
  });
  commands.on('ready', () => {
    if (down) log.info('Redis reachable again');
    down = false;
    connected(true);
  });
  commands.on('close', () => connected(false));
  // Errors are the commands connection's to report; without a listener ioredis prints them.
  subscriber.on('error', () => undefined);
  // Boot waits a moment for Redis but does not fail without it: ioredis keeps reconnecting.
  await Promise.all([
    commands.connect().catch(() => undefined),
    subscriber.connect().catch(() => undefined),
  ]);
  connected(commands.status === 'ready');
  return {
    commands,
    subscriber,
    close: async () => {
      // The subscriber has nothing to flush; its QUIT would wait behind a SUBSCRIBE still queued
      // for a Redis that is down, and hold up the shutdown.
      subscriber.disconnect();
      await commands.quit().catch(() => commands.disconnect());
    },
  };
}
