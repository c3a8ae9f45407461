import { performance } from 'node:perf_hooks';
import { startPlatform } from '../tests/support/platform';
import { fmt, secondsFromEnv } from './lib/load';

// What the session check on every token use costs the platform (issue #27 item 16,
// docs/decisions/0243): GET /api/services/profile/api/v1/info with a token that names a session
// (looked up: is it revoked?) against one minted without a session (no lookup), CONCURRENCY
// requests at a time, rounds interleaved. Not part of `npm run bench`: `npx tsx
// bench/session-check.ts` (BENCH_ROUNDS 4, BENCH_SECONDS 3, BENCH_CONCURRENCY 8).
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 4);
const SECONDS = secondsFromEnv('BENCH_SECONDS', 3);
const CONCURRENCY = secondsFromEnv('BENCH_CONCURRENCY', 8);
const PATH = '/api/services/profile/api/v1/info';

const platform = await startPlatform({ seeds: ['core'] });
const withSession = (await platform.signIn()).access_token;
const withoutSession = await platform.tokenFor({
  principalId: 'acc-fresh-demo',
  accountId: 'acc-fresh-demo',
  tenantId: 'fresh',
});

async function measure(token: string): Promise<{ perSecond: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const response = await platform.call(PATH, { token });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99) };
}

await measure(withSession); // warm-up
const results: Record<string, { perSecond: number; p50: number; p99: number }[]> = {
  'session checked': [],
  'no session (no lookup)': [],
};
for (let round = 0; round < ROUNDS; round++) {
  results['session checked']!.push(await measure(withSession));
  results['no session (no lookup)']!.push(await measure(withoutSession));
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `| variant | requests/s | p50 ms | p99 ms |  (${ROUNDS} rounds x ${SECONDS} s, ${CONCURRENCY} at a time; medians)`,
);
for (const [name, runs] of Object.entries(results))
  console.log(
    `| ${name} | ${fmt(median(runs.map((r) => r.perSecond)), 0)} | ${fmt(median(runs.map((r) => r.p50)))} | ${fmt(median(runs.map((r) => r.p99)))} |`,
  );
await platform.close();
