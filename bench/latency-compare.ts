import './lib/production';
import { resolve } from 'node:path';
import { startPlatform } from '../tests/support/platform';
import { startDelayTap } from './lib/delay-tap';
import { startGatewayProcess, type GatewayProcess } from './lib/gateway-process';
import { fmt, secondsFromEnv } from './lib/load';
import { median, timePage } from './lib/page-timing';
import { pairedDifference } from './lib/paired-latency';
import { signInWithCart } from './lib/shop-sign-in';

// The latency bench's last byte as a before/after in one run (issue #30): this checkout's build
// and another (COMPARE_BUILD: a build dir holding dist/server/main.js and the client's
// server/index.js, e.g. a worktree's build-bench/) behind the same tap (LATENCY_MS, 50) in front
// of one platform, each signed in as the demo shopper. Their pages alternate, one at a time after
// the bench's pause, which build goes first turning each round: the machine's drift (other work,
// a CPU slower after idling) falls on both alike. Per page: each build's median and quartiles,
// and the median of the paired differences with a 95 % interval over resampled rounds. Two
// separate runs of bench/latency.ts differ by 1-3 ms with nothing changed; here, against itself,
// each interval held zero and spanned about 2 ms at 40 rounds (bench/results.md, 2026-12-03).
// Not part of `npm run bench`: `COMPARE_BUILD=... npx tsx bench/latency-compare.ts`
// (LATENCY_PAGES, /orders,/profile,/shopping-lists,/ by default; BENCH_ROUNDS, 40).
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 50);
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 40);
/** Rounds not counted: the caches warm, the tenant and the cart's calls are learned. */
const WARM = 3;
const PAGES = (process.env.LATENCY_PAGES ?? '/orders,/profile,/shopping-lists,/').split(',');
const other = process.env.COMPARE_BUILD;
if (!other) throw new Error('COMPARE_BUILD: the build dir to compare with');
// As bench/latency.ts: one client's 50 pages must not queue behind the per-client fair share.
const env = { FAIR_SHARE_RENDERS: '50/100' };

const quartile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;

const platform = await startPlatform();
const tap = await startDelayTap(platform.url, LATENCY_MS);
const gateways: GatewayProcess[] = [];
try {
  const dir = resolve(other);
  gateways.push(await startGatewayProcess(tap.url, env));
  gateways.push(
    await startGatewayProcess(tap.url, { ...env, BUILD_DIR: dir }, `${dir}/dist/server/main.js`),
  );
  const names = ['now', `compare (${other})`];
  const sides = await Promise.all(
    gateways.map(async (gateway) => {
      const origin = gateway.url.replace('127.0.0.1', 'localhost');
      return { origin, cookie: await signInWithCart(origin) };
    }),
  );
  console.log(`LATENCY_MS=${LATENCY_MS}, ${ROUNDS} rounds, last byte in ms`);
  console.log(
    '| page | now: median (p25-p75) | compare: median (p25-p75) | now - compare, median of pairs (95 % interval) |',
  );
  console.log('|---|---|---|---|');
  for (const path of PAGES) {
    const times: number[][] = [[], []];
    for (let round = 0; round < WARM + ROUNDS; round += 1) {
      for (let k = 0; k < 2; k += 1) {
        const side = (round + k) % 2; // who goes first turns each round
        const { origin, cookie } = sides[side]!;
        await new Promise((resolve) => setTimeout(resolve, LATENCY_MS + 20));
        const page = await timePage(`${origin}${path}`, { accept: 'text/html', cookie });
        if (page.status !== 200) throw new Error(`${names[side]} ${path}: ${page.status}`);
        if (round >= WARM) times[side]!.push(page.lastByteMs);
      }
    }
    const [now, compare] = times as [number[], number[]];
    const { median: difference, low, high } = pairedDifference(now, compare);
    const cell = (v: number[]) =>
      `${fmt(median(v), 1)} (${fmt(quartile(v, 0.25), 1)}-${fmt(quartile(v, 0.75), 1)})`;
    console.log(
      `| ${path} | ${cell(now)} | ${cell(compare)} | ${fmt(difference, 2)} (${fmt(low, 2)} to ${fmt(high, 2)}) |`,
    );
  }
  console.log(`builds: now = ${process.env.BUILD_DIR ?? 'build-bench'}, compare = ${other}`);
} finally {
  for (const gateway of gateways) await gateway.stop();
  await tap.close();
  await platform.close();
}
