import { performance } from 'node:perf_hooks';
import { startNginx } from '../tests/support/nginx';
import { freePort } from '../tests/support/nginx';
import { DEMO, startPlatform, TENANTS } from '../tests/support/platform';
import { startGatewayProcess, type NodeProcess } from '../tests/support/processes';
import { startRedis } from '../tests/support/redis';
import { fmt, secondsFromEnv } from './lib/load';

// What renewing one expired session across replicas costs (issue #25 item 1, ADR 0220): two
// production gateways (dist/server/main.js) behind round-robin nginx, PARALLEL proxied calls of
// one expired session at once, ROUNDS times, with Redis (one renewal per session across
// replicas) and without (uaa's reuse window alone): the burst's wall time and the uaa refresh
// calls the gateways made (their gateway_token_refreshes_total). Not part of `npm run bench`:
// `npm run build && npx tsx bench/replica-renewal.ts` (BENCH_ROUNDS 5, BENCH_PARALLEL 50).
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 5);
const PARALLEL = secondsFromEnv('BENCH_PARALLEL', 50);

const platform = await startPlatform();
const redis = await startRedis();

async function refreshCalls(metricsPorts: number[]): Promise<number> {
  let total = 0;
  for (const port of metricsPorts) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const match of text.matchAll(/^gateway_token_refreshes_total\{[^}]*\} (\d+)/gm))
      total += Number(match[1]);
  }
  return total;
}

async function run(label: string, env: Record<string, string>) {
  const metricsPorts = [await freePort(), await freePort()];
  const gateways: NodeProcess[] = [];
  // nginx's port is one the gateways are published at (PUBLIC_PORTS, ADR 0272).
  const balancer = await freePort();
  for (const port of metricsPorts)
    gateways.push(
      await startGatewayProcess(platform.url, {
        TRUST_PROXY: '127.0.0.1',
        COOKIE_SECURE: 'false',
        // One address sends the whole burst: above the per-client fair share (16 calls, 8 renders
        // at once per replica, ADR 0249), which would shed some with 429 for another reason than
        // the one measured here. A browser sends a handful at once.
        FAIR_SHARE_CALLS: '64/96',
        FAIR_SHARE_RENDERS: '48/48',
        METRICS_PORT: String(port),
        PUBLIC_PORTS: String(balancer),
        ...env,
      }),
    );
  const nginx = await startNginx(
    gateways.map((g) => g.port),
    balancer,
  );
  const walls: number[] = [];
  let failures = 0;
  const before = await refreshCalls(metricsPorts);
  for (let round = 0; round < ROUNDS; round++) {
    const signIn = await fetch(`${nginx.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: nginx.url },
      body: JSON.stringify(DEMO),
    });
    const refresh = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('refresh_token='))!
      .split(';')[0];
    const { accountId } = TENANTS.fresh;
    const expired = await platform.app.signer.sign(
      { principalId: accountId, accountId, tenantId: 'fresh' },
      -60,
    );
    const cookie = `${refresh}; access_token=${expired}`;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const response = await fetch(`${nginx.url}/api/services/profile/api/v1/info`, {
          headers: { cookie },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    walls.push(performance.now() - started);
    failures += answers.filter((status) => status !== 200).length;
  }
  const calls = (await refreshCalls(metricsPorts)) - before;
  walls.sort((x, y) => x - y);
  console.log(
    `${label}: ${PARALLEL} parallel calls of one expired session, ${ROUNDS} rounds: wall median ` +
      `${fmt(walls[Math.floor(walls.length / 2)]!, 0)} ms (min ${fmt(walls[0]!, 0)}, max ` +
      `${fmt(walls.at(-1)!, 0)}); uaa refresh calls per session ${fmt(calls / ROUNDS, 1)}; ` +
      `non-200 answers ${failures}`,
  );
  await nginx.close();
  await Promise.all(gateways.map((g) => g.stop()));
}

await run('with Redis', { REDIS_URL: redis.url });
await run('without Redis', {});
await redis.close();
await platform.close();
