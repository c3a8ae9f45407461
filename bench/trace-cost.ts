import './lib/production';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGatewayProcess, type GatewayProcess } from './lib/gateway-process';
import { closedLoop, fmt, secondsFromEnv, type Target } from './lib/load';
import { PROXIED_PATH, startJsonUpstream, VISITOR_COOKIE } from './lib/proxied-read';
import { startReplay } from './lib/replay';
import { recordShop, SHOP_HOST, shopHeaders } from './lib/shop-recording';

// What issue #28's observability costs (docs/decisions/0250): CPU per proxied GET and per page of
// this build with tracing off and with tracing on (every span exported over OTLP/HTTP to a local
// sink that accepts and drops them), against another bundle (COMPARE_MAIN, e.g. a build of the
// commit before: bench/lib/gateway-before.ts makes those), rounds interleaved, closed loop.
// Not part of `npm run bench`. BENCH_ROUNDS (5), BENCH_SECONDS (4), BENCH_KINDS (proxy,page).
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 5);
const SECONDS = secondsFromEnv('BENCH_SECONDS', 4);
const PAGE = process.env.BENCH_PAGE ?? '/search/milk';

const sink = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const otlp = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

const upstream = await startJsonUpstream();
// BENCH_KINDS=proxy (or page) measures one kind only.
const kinds = (process.env.BENCH_KINDS ?? 'proxy,page').split(',');
const shop = kinds.includes('page') ? await recordShop([PAGE]) : null;
const replay = shop ? await startReplay(shop.recording) : null;

type Kind = 'proxy' | 'page';
const gateways: { name: string; kind: Kind; gateway: GatewayProcess }[] = [];
const variants: [string, Record<string, string>, string | undefined][] = [
  ['tracing off', {}, undefined],
  // The same with pino's buffer (LOG_BUFFER_KB): what one write per log line costs.
  ['off, logs buffered', { LOG_BUFFER_KB: '16' }, undefined],
  ['tracing on', { OTEL_EXPORTER_OTLP_ENDPOINT: otlp }, undefined],
];
if (process.env.COMPARE_MAIN) variants.unshift(['before', {}, process.env.COMPARE_MAIN]);
try {
  for (const [name, env, main] of variants) {
    if (kinds.includes('proxy'))
      gateways.push({
        name,
        kind: 'proxy',
        gateway: await startGatewayProcess(upstream.url, env, main),
      });
    if (shop && replay)
      gateways.push({
        name,
        kind: 'page',
        gateway: await startGatewayProcess(replay.url, env, main),
      });
  }
  const target = ({ kind, gateway }: (typeof gateways)[number]): Target =>
    kind === 'proxy'
      ? {
          origin: gateway.url,
          path: PROXIED_PATH,
          headers: { host: SHOP_HOST, cookie: VISITOR_COOKIE },
        }
      : { origin: gateway.url, path: PAGE, headers: shopHeaders(shop!.cookie) };
  for (const each of gateways) await closedLoop(target(each), { concurrency: 8, seconds: 3 });
  const cpu = new Map<string, number[]>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const each of gateways) {
      const r = await closedLoop(target(each), {
        concurrency: each.kind === 'proxy' ? 16 : 8,
        seconds: SECONDS,
        cpuOf: each.gateway.pid,
      });
      const micros = (r.cpuMsPerRequest ?? NaN) * 1000;
      const key = `${each.kind} ${each.name}`;
      cpu.set(key, [...(cpu.get(key) ?? []), micros]);
      console.log(
        `round ${round} ${key.padEnd(26)} ${fmt(r.rps, 0).padStart(6)} rps ${fmt(micros, 0).padStart(6)} µs/req ${JSON.stringify(r.statuses)}`,
      );
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  console.log('\nmedian CPU per request:');
  for (const [key, values] of cpu) console.log(`  ${key.padEnd(26)} ${fmt(median(values), 1)} µs`);
} finally {
  for (const { gateway } of gateways) await gateway.stop();
  upstream.close();
  await replay?.close();
  sink.close();
}
process.exit(0);
