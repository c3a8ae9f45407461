import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Replicas } from './redis';

// Cache purges reach every replica (issue #25 item 2, docs/decisions/0221): the replica that is
// asked purges its own caches and publishes the purge on a Redis channel; every other replica,
// subscribed, purges its own at once. A replica cut off from Redis at that moment misses it (its
// entries then live out their own freshness).
export const PURGE_CHANNEL = 'storefront:cache-purge';

export type PurgeChannel = {
  /** Tells the other replicas; how many heard it (null when Redis could not be reached). */
  publish(origin: string | undefined): Promise<number | null>;
};

type Message = { from: string; origin?: string };

export async function openPurgeChannel(
  replicas: Replicas,
  purgeHere: (origin: string | undefined) => void,
  log: FastifyBaseLogger,
): Promise<PurgeChannel> {
  const me = randomUUID();
  replicas.subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== PURGE_CHANNEL) return;
    const message = parse(raw);
    if (!message || message.from === me) return;
    purgeHere(message.origin);
    log.info({ origin: message.origin }, 'caches purged at another replica’s request');
  });
  // Queued until the subscriber connects, when Redis is down at start.
  void replicas.subscriber.subscribe(PURGE_CHANNEL).catch((error: unknown) => {
    log.error({ err: error }, 'cache purges of other replicas will not reach this one');
  });
  return {
    async publish(origin) {
      const message: Message = origin === undefined ? { from: me } : { from: me, origin };
      try {
        const heard = await replicas.commands.publish(PURGE_CHANNEL, JSON.stringify(message));
        // This replica's own subscriber heard it too.
        return Math.max(0, heard - 1);
      } catch (error) {
        log.error({ err: error }, 'cache purge not passed on to the other replicas');
        return null;
      }
    },
  };
}

function parse(raw: string): Message | null {
  try {
    const value = JSON.parse(raw) as Partial<Message> | null;
    if (!value || typeof value.from !== 'string') return null;
    if (value.origin !== undefined && typeof value.origin !== 'string') return null;
    return { from: value.from, ...(value.origin === undefined ? {} : { origin: value.origin }) };
  } catch {
    return null;
  }
}
