import './lib/production';
import { startGatewayProcess, type GatewayProcess } from './lib/gateway-process';
import { closedLoop, fmt, secondsFromEnv } from './lib/load';
import { PairedCpu } from './lib/paired-cpu';
import { cpuMeter } from './lib/process-cpu';
import { PROXIED_PATH, startJsonUpstream, VISITOR_COOKIE } from './lib/proxied-read';
import { SHOP_HOST } from './lib/shop-recording';

// A before/after of a proxied read in one run (for proxy hot-path work, docs/decisions/0201): the
// current build (the bench's own bundle, build-bench/dist/server/main.js: BENCH_REBUILD=1 makes
// it again from the code as it is) and, with COMPARE_MAIN, other bundles of the gateway (older
// <build dir>/dist/server/main.js, comma-separated; each must sit where it can resolve
// node_modules), against the same small upstream, closed loop of 16 in flight with a visitor's
// token cookies. COMPARE_ENV runs the current build once more with those settings (e.g.
// "LOG_LEVEL=warn": what the request line costs); COMPARE_PROCESSES starts each gateway that many
// times (identical processes differ, ADR 0292). As the proxy bench's closed loop (ADR 0299):
// rotations of short slices, every process once per rotation, each led by another and after a
// lead-in of the same load; a build's CPU per request is the ratio of its sums, and each build is
// set against the current one with a 95 % interval over resampled rotations. BENCH_ROTATIONS
// (20), BENCH_SECONDS (a slice, 1). Not part of `npm run bench`.
const ROTATIONS = secondsFromEnv('BENCH_ROTATIONS', 20);
const SECONDS = secondsFromEnv('BENCH_SECONDS', 1);
const LEAD_IN_SECONDS = 0.25;
const headers = { host: SHOP_HOST, cookie: VISITOR_COOKIE };
const upstream = await startJsonUpstream();

const PROCESSES = secondsFromEnv('COMPARE_PROCESSES', 1);
const settings = (process.env.COMPARE_ENV ?? '').split(' ').filter(Boolean);
/** Each process, by the build it runs (its name without the process number). */
const gateways: { build: string; gateway: GatewayProcess }[] = [];
try {
  const others = (process.env.COMPARE_MAIN ?? '').split(',').filter(Boolean);
  const env = Object.fromEntries(settings.map((pair) => pair.split('=', 2) as [string, string]));
  for (let i = 1; i <= PROCESSES; i += 1) {
    gateways.push({ build: 'now', gateway: await startGatewayProcess(upstream.url) });
    if (settings.length)
      gateways.push({
        build: `now, ${settings.join(' ')}`,
        gateway: await startGatewayProcess(upstream.url, env),
      });
    for (const other of others)
      gateways.push({
        build: `compare (${other})`,
        gateway: await startGatewayProcess(upstream.url, {}, other),
      });
  }
  const target = (gateway: GatewayProcess) => ({
    origin: gateway.url,
    path: PROXIED_PATH,
    headers,
  });
  for (const { gateway } of gateways)
    await closedLoop(target(gateway), { concurrency: 16, seconds: 3 });
  const cpu = new PairedCpu();
  for (let rotation = 0; rotation < ROTATIONS; rotation += 1) {
    // Each rotation led by another process; printed in the processes' order.
    const line: string[] = [];
    for (let k = 0; k < gateways.length; k += 1) {
      const at = (rotation + k) % gateways.length;
      const { build, gateway } = gateways[at]!;
      await closedLoop(target(gateway), { concurrency: 16, seconds: LEAD_IN_SECONDS });
      const used = cpuMeter([gateway.pid]);
      const r = await closedLoop(target(gateway), { concurrency: 16, seconds: SECONDS });
      const seconds = used();
      cpu.add(build, rotation, seconds, r.requests);
      const ok = r.statuses[200] === r.requests ? '' : ' (not all 200)';
      line[at] = `${fmt((1e6 * seconds) / r.requests, 0)}${ok}`;
    }
    console.log(`rotation ${rotation + 1}: ${line.join(' / ')} µs/req`);
  }
  const builds = [...new Set(gateways.map(({ build }) => build))];
  console.log(
    `processes in each rotation's line: ${gateways.map(({ build }) => build).join(' / ')}`,
  );
  for (const build of builds) {
    const against =
      build === 'now'
        ? ''
        : (() => {
            const { ratio, low, high } = cpu.compare(build, 'now');
            return `, ${fmt(ratio, 3)}x now (95 % interval ${fmt(low, 3)}-${fmt(high, 3)})`;
          })();
    console.log(`cpu ${build}: ${fmt(cpu.perRequest(build), 1)} µs/req${against}`);
  }
} finally {
  for (const { gateway } of gateways) await gateway.stop();
  upstream.close();
}
