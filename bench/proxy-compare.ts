import './lib/production';
import { startGatewayProcess, type GatewayProcess } from './lib/gateway-process';
import { closedLoop, fmt, secondsFromEnv } from './lib/load';
import { PROXIED_PATH, startJsonUpstream, VISITOR_COOKIE } from './lib/proxied-read';
import { SHOP_HOST } from './lib/shop-recording';

// A before/after of a proxied read in one run (for proxy hot-path work, docs/decisions/0201): the
// current build and, with COMPARE_MAIN, another bundle of the gateway (an older
// <build dir>/dist/server/main.js; it must sit where it can resolve node_modules), against the
// same small upstream, closed loop of 16 in flight with a visitor's token cookies, rounds
// interleaved (each led by another gateway, each slice after a second's lead-in), CPU per request
// of each gateway process. COMPARE_ENV runs the current build once more with those settings
// (e.g. "LOG_LEVEL=warn": what the request line costs); COMPARE_PROCESSES starts each gateway
// that many times (identical processes differ, ADR 0292). Not part of `npm run bench`.
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 5);
const SECONDS = secondsFromEnv('BENCH_SECONDS', 4);
const headers = { host: SHOP_HOST, cookie: VISITOR_COOKIE };
const upstream = await startJsonUpstream();

const PROCESSES = secondsFromEnv('COMPARE_PROCESSES', 1);
const settings = (process.env.COMPARE_ENV ?? '').split(' ').filter(Boolean);
const gateways: Record<string, GatewayProcess> = {};
try {
  const other = process.env.COMPARE_MAIN;
  for (let i = 1; i <= PROCESSES; i += 1) {
    const n = PROCESSES > 1 ? ` #${i}` : '';
    gateways[`now${n}`] = await startGatewayProcess(upstream.url);
    if (settings.length) {
      const env = Object.fromEntries(
        settings.map((pair) => pair.split('=', 2) as [string, string]),
      );
      gateways[`now, ${settings.join(' ')}${n}`] = await startGatewayProcess(upstream.url, env);
    }
    if (other)
      gateways[`compare (${other})${n}`] = await startGatewayProcess(upstream.url, {}, other);
  }
  const target = (gateway: GatewayProcess) => ({
    origin: gateway.url,
    path: PROXIED_PATH,
    headers,
  });
  for (const gateway of Object.values(gateways))
    await closedLoop(target(gateway), { concurrency: 16, seconds: 3 });
  const cpu: Record<string, number[]> = {};
  // Each round starts with a different gateway, and each slice has a second of the same load
  // before it, not counted, as the proxy bench's rounds (ADR 0295): no build always takes the
  // slot after another build's load.
  const names = Object.keys(gateways);
  for (let round = 1; round <= ROUNDS; round += 1) {
    const first = (round - 1) % names.length;
    for (const name of [...names.slice(first), ...names.slice(0, first)]) {
      const gateway = gateways[name]!;
      await closedLoop(target(gateway), { concurrency: 16, seconds: 1 });
      const r = await closedLoop(target(gateway), {
        concurrency: 16,
        seconds: SECONDS,
        cpuOf: gateway.pid,
      });
      const micros = (r.cpuMsPerRequest ?? NaN) * 1000;
      (cpu[name] ??= []).push(micros);
      console.log(
        `round ${round} ${name.padEnd(40)} ${fmt(r.rps, 0).padStart(5)} rps  ${fmt(micros, 0)} µs/req  ${JSON.stringify(r.statuses)}`,
      );
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [name, values] of Object.entries(cpu))
    console.log(`median cpu ${name}: ${fmt(median(values), 0)} µs/req`);
  if (PROCESSES > 1) {
    const byBuild: Record<string, number[]> = {};
    for (const [name, values] of Object.entries(cpu))
      (byBuild[name.replace(/ #\d+$/, '')] ??= []).push(...values);
    for (const [name, values] of Object.entries(byBuild))
      console.log(`median cpu ${name}, all processes: ${fmt(median(values), 1)} µs/req`);
  }
} finally {
  for (const gateway of Object.values(gateways)) await gateway.stop();
  upstream.close();
}
