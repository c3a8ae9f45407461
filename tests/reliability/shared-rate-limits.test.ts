import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freePort, startNginx, type Nginx } from '../support/nginx';
import { startPlatform, type TestPlatform } from '../support/platform';
import { startRedis, type TestRedis } from '../support/redis';

// Issue #12 item 5: two gateway replicas behind nginx share their rate-limit counters through
// Redis (REDIS_URL), so a client cannot multiply its allowance by the number of replicas.
let platform: TestPlatform;
let redis: TestRedis;
let gateways: FastifyInstance[];
let nginx: Nginx;
const LIMIT = 4;

beforeAll(async () => {
  [platform, redis] = await Promise.all([startPlatform({ seeds: ['core'] }), startRedis()]);
  const balancer = await freePort();
  gateways = await Promise.all(
    [0, 1].map(async () => {
      const config = loadConfig({
        PLATFORM_URL: platform.url,
        LOG_LEVEL: 'silent',
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_PORTS: String(balancer),
        HOST: '127.0.0.1',
        SHUTDOWN_DELAY_MS: '0',
        REDIS_URL: redis.url,
        RATE_LIMIT_SIGN_IN: `${LIMIT}/600`,
      });
      const app = await buildApp(config);
      await app.listen({ port: 0, host: '127.0.0.1' });
      return app;
    }),
  );
  nginx = await startNginx(
    gateways.map((app) => (app.server.address() as { port: number }).port),
    balancer,
  );
});

afterAll(async () => {
  await nginx?.close();
  await Promise.all((gateways ?? []).map((app) => app.close()));
  await Promise.all([platform?.close(), redis?.close()]);
});

const direct = (app: FastifyInstance) =>
  `http://localhost:${(app.server.address() as { port: number }).port}`;

/** A sign-in with a wrong password, for a different e-mail each time (no account lockout). */
let n = 0;
const wrongSignIn = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', ...headers },
    body: JSON.stringify({ email: `guess${++n}@example.com`, password: 'wrong' }),
  });

describe('rate limits shared by replicas (REDIS_URL)', () => {
  it('counts one client across both gateways and the balancer', async () => {
    // The client is 127.0.0.1 whether it comes directly or through nginx (X-Forwarded-For).
    const [a, b] = gateways.map(direct) as [string, string];
    expect((await wrongSignIn(a)).status).toBe(401);
    expect((await wrongSignIn(b)).status).toBe(401);
    expect((await wrongSignIn(a)).status).toBe(401);
    expect((await wrongSignIn(b)).status).toBe(401);
    for (const base of [a, b, nginx.url]) {
      const refused = await wrongSignIn(base);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error.code).toBe('rate_limited');
    }
  });

  it('refuses a burst of 32 parallel attempts early, without holding up another shopper', async () => {
    const other = { 'x-forwarded-for': '198.51.100.20' };
    const burst = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        wrongSignIn(direct(gateways[i % 2]!), { 'x-forwarded-for': '198.51.100.10' }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(32 - LIMIT);
    // Another address still signs in.
    const shopper = await fetch(`${direct(gateways[1]!)}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', ...other },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    expect(shopper.status).toBe(200);
  });
});
