import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRedis } from '../../tests/support/redis';
import { freePort } from './gateway-process';

// The gateway as production runs it with everything on (SOAK_ALL_ON=1 in the memory soak, issue
// #25 item 6): Sentry (server and browser DSNs, at a local sink that takes envelopes as the
// platform's error inbox does), Redis (redis-server on a free port: rate limits and whatever else
// the replicas share), every cache (sub-requests and templates at their defaults, the anonymous
// page cache for 60 s) and metrics on their own port.
export type AllOn = { env: Record<string, string>; envelopes(): number; close(): Promise<void> };

export async function startAllOn(): Promise<AllOn> {
  const redis = await startRedis();
  let envelopes = 0;
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      envelopes++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const dsn = `http://bench@127.0.0.1:${(sink.address() as AddressInfo).port}/1`;
  return {
    env: {
      SENTRY_DSN: dsn,
      SENTRY_PUBLIC_DSN: dsn,
      REDIS_URL: redis.url,
      SUBREQUEST_CACHE_MB: '16',
      TEMPLATE_CACHE_MB: '8',
      PAGE_CACHE_SECONDS: '60',
      CACHE_PURGE_TOKEN: 'bench-purge-token-0123456789',
      METRICS_PORT: String(await freePort()),
    },
    envelopes: () => envelopes,
    close: async () => {
      await new Promise((resolve) => sink.close(resolve));
      await redis.close();
    },
  };
}
