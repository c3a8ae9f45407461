import './lib/production';
import { resolve } from 'node:path';
import { startGatewayProcess, type GatewayProcess } from './lib/gateway-process';
import { BUILD_DIR, ensureGatewayBundle } from './lib/build';
import { closedLoop, fmt, secondsFromEnv } from './lib/load';
import { startReplay } from './lib/replay';
import { recordShop, shopHeaders } from './lib/shop-recording';

// A before/after of the signed-in page in one run (for render-path work, docs/decisions/0200):
// the current build (BUILD_DIR) and, with COMPARE_BUILD_DIR, an older copy of a build directory
// (its client build and its dist/server/main.js), against the same replayed upstream, rounds
// interleaved, CPU per request of each gateway process. BENCH_NODE_ARGS applies to both;
// COMPARE_ENV runs the current build once more with those settings, COMPARE_NODE_ARGS with those
// node flags.
const PAGE = process.env.BENCH_PAGE ?? '/search/milk';
const SECONDS = secondsFromEnv('BENCH_SECONDS', 5);
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 3);
const CONCURRENCY = secondsFromEnv('BENCH_CONCURRENCY', 8);
const other = process.env.COMPARE_BUILD_DIR;

await ensureGatewayBundle();
const shop = await recordShop([PAGE]);
const replay = await startReplay(shop.recording);
const gateways: Record<string, GatewayProcess> = {};
try {
  gateways[`now (${BUILD_DIR})`] = await startGatewayProcess(replay.url);
  // The same build with other young generation sizes (GC cost vs resident memory), e.g. "8,16",
  // each optionally with its old generation cap: "16:72" (semi-space 16 MB, heap 72 MB).
  const heapMb = process.env.GATEWAY_HEAP_MB;
  for (const spec of (process.env.COMPARE_SEMI_SPACE_MB ?? '').split(',').filter(Boolean)) {
    const [mb, heap] = spec.split(':');
    process.env.GATEWAY_SEMI_SPACE_MB = mb;
    if (heap) process.env.GATEWAY_HEAP_MB = heap;
    else if (heapMb) process.env.GATEWAY_HEAP_MB = heapMb;
    else delete process.env.GATEWAY_HEAP_MB;
    gateways[`semi-space ${mb} MB${heap ? `, heap ${heap} MB` : ''}`] = await startGatewayProcess(
      replay.url,
    );
  }
  // The same build with other settings beside it, e.g. COMPARE_ENV="EARLY_HEAD=off LOG_LEVEL=warn".
  const settings = (process.env.COMPARE_ENV ?? '').split(' ').filter(Boolean);
  if (settings.length) {
    const env = Object.fromEntries(settings.map((pair) => pair.split('=', 2) as [string, string]));
    gateways[`now, ${settings.join(' ')}`] = await startGatewayProcess(replay.url, env);
  }
  // The same build with other node flags beside it, e.g.
  // COMPARE_NODE_ARGS="--no-allocation-site-pretenuring" (added to BENCH_NODE_ARGS).
  const flags = process.env.COMPARE_NODE_ARGS;
  if (flags) {
    const given = process.env.BENCH_NODE_ARGS;
    process.env.BENCH_NODE_ARGS = `${given ?? ''} ${flags}`;
    gateways[`now, ${flags}`] = await startGatewayProcess(replay.url);
    if (given === undefined) delete process.env.BENCH_NODE_ARGS;
    else process.env.BENCH_NODE_ARGS = given;
  }
  if (other) {
    const dir = resolve(other);
    gateways[`before (${other})`] = await startGatewayProcess(
      replay.url,
      { BUILD_DIR: dir },
      resolve(dir, 'dist/server/main.js'),
    );
  }
  const who = process.env.BENCH_GUEST === '1' ? undefined : shop.cookie;
  for (const gateway of Object.values(gateways)) {
    const target = { origin: gateway.url, path: PAGE, headers: shopHeaders(who) };
    await closedLoop(target, {
      concurrency: CONCURRENCY,
      seconds: secondsFromEnv('BENCH_WARMUP_SECONDS', 8),
    });
  }
  const cpu: Record<string, number[]> = {};
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, gateway] of Object.entries(gateways)) {
      const target = { origin: gateway.url, path: PAGE, headers: shopHeaders(who) };
      const result = await closedLoop(target, {
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        warmupSeconds: 1,
        cpuOf: gateway.pid,
      });
      (cpu[name] ??= []).push(result.cpuMsPerRequest ?? NaN);
      console.log(
        `round ${round} ${name.padEnd(28)} ${fmt(result.rps, 0).padStart(5)} rps  cpu ${fmt(result.cpuMsPerRequest ?? NaN)} ms/req  ${result.bytes / Math.max(1, result.requests)} bytes  ${JSON.stringify(result.statuses)}`,
      );
    }
  }
  for (const [name, values] of Object.entries(cpu)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`median cpu ${name}: ${fmt(sorted[Math.floor(sorted.length / 2)]!)} ms/req`);
  }
} finally {
  for (const gateway of Object.values(gateways)) await gateway.stop();
  await replay.close();
}
