import './lib/production';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGatewayProcess } from './lib/gateway-process';
import { closedLoop, fmt, openLoop, quantile, secondsFromEnv, type Target } from './lib/load';
import { reportResult } from './lib/result';
import { SHOP_HOST } from './lib/shop-recording';

// Target: the proxy adds <= 0.5 ms at the median over a direct call to the upstream at 2,000
// req/s. A plain node http upstream answers a small JSON; the same open-loop schedule (requests
// started on a timer, whatever the answers do) runs direct and through the gateway's
// /api/services/catalogue/... in alternating slices, so drift of the shared machine hits both.
const RATE = secondsFromEnv('PROXY_RATE', 2000);
const SECONDS = secondsFromEnv('BENCH_SECONDS', 10);
const SLICES = 5;
// Issue #11: <= +1 ms (the goal beyond it is +0.5 ms).
const TARGET_MS = 1;
const PATH = '/api/services/catalogue/api/v1/offerings/off-milk-1';
const BODY = JSON.stringify({
  id: 'off-milk-1',
  name: 'Semi-skimmed milk 1 l',
  price: { amount: 119, currency: 'EUR' },
  available: true,
});

const upstream = createServer((req, res) => {
  req.resume();
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(BODY),
  });
  res.end(BODY);
});
upstream.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
const gateway = await startGatewayProcess(upstreamUrl);

try {
  const modes: Record<string, Target> = {
    direct: { origin: upstreamUrl, path: PATH, headers: { accept: 'application/json' } },
    'through the gateway': {
      origin: gateway.url,
      path: PATH,
      headers: { host: SHOP_HOST, accept: 'application/json' },
    },
  };
  // Warm both paths (connection pools, JIT) before measuring.
  for (const target of Object.values(modes)) await openLoop(target, { rate: RATE, seconds: 2 });

  const merged: Record<
    string,
    { latencies: number[]; errors: number; non200: number; late: number }
  > = {};
  const slice = SECONDS / SLICES;
  console.log(
    `open loop at ${RATE} req/s, ${SECONDS} s per mode in ${SLICES} alternating slices\n`,
  );
  for (let i = 0; i < SLICES; i += 1) {
    for (const [name, target] of Object.entries(modes)) {
      const r = await openLoop(target, { rate: RATE, seconds: slice });
      const m = (merged[name] ??= { latencies: [], errors: 0, non200: 0, late: 0 });
      m.latencies.push(...r.latencies);
      m.errors += r.errors;
      m.non200 += r.requests - (r.statuses[200] ?? 0);
      m.late = Math.max(m.late, r.lateStartsMs);
      console.log(
        `slice ${i + 1}  ${name.padEnd(20)} p50 ${fmt(r.p50, 3)} ms  p99 ${fmt(r.p99, 3)} ms  ${fmt(r.rps, 0)} rps done`,
      );
    }
  }
  const stats = (name: string) => {
    const m = merged[name]!;
    const sorted = Float64Array.from(m.latencies).sort();
    return {
      ...m,
      count: sorted.length,
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
    };
  };
  const direct = stats('direct');
  const proxied = stats('through the gateway');
  console.log('');
  for (const [name, s] of [
    ['direct', direct],
    ['through the gateway', proxied],
  ] as const) {
    console.log(
      `${name.padEnd(20)} n=${s.count}  p50 ${fmt(s.p50, 3)} ms  p90 ${fmt(s.p90, 3)} ms  p99 ${fmt(s.p99, 3)} ms  errors ${s.errors}  non-200 ${s.non200}  worst late start ${fmt(s.late, 1)} ms`,
    );
  }
  // Capacity, for reading the figures above: an open loop above what a side can serve only queues.
  const capacity: Record<string, number> = {};
  for (const [name, target] of Object.entries(modes)) {
    capacity[name] = (
      await closedLoop(target, {
        concurrency: 16,
        seconds: Math.min(5, slice * 2),
        warmupSeconds: 1,
      })
    ).rps;
  }
  console.log(
    `capacity (closed loop, 16 in flight): direct ${fmt(capacity.direct!, 0)} rps, through the gateway ${fmt(capacity['through the gateway']!, 0)} rps`,
  );
  const added = proxied.p50 - direct.p50;
  reportResult('proxy-overhead', [
    {
      target: `proxy adds <= ${TARGET_MS} ms at the median at ${RATE} req/s`,
      measured: `+${fmt(added, 3)} ms (p50 ${fmt(proxied.p50, 3)} vs ${fmt(direct.p50, 3)} ms direct)`,
      pass: added <= TARGET_MS && proxied.errors + proxied.non200 === 0,
    },
    {
      target: 'gateway proxy capacity (insight)',
      measured: `${fmt(capacity['through the gateway']!, 0)} rps closed loop vs ${fmt(capacity.direct!, 0)} rps direct`,
      pass: null,
    },
    {
      target: 'added p99 (insight)',
      measured: `+${fmt(proxied.p99 - direct.p99, 3)} ms (${fmt(proxied.p99, 3)} vs ${fmt(direct.p99, 3)} ms)`,
      pass: null,
    },
  ]);
} finally {
  await gateway.stop();
  upstream.close();
  upstream.closeAllConnections();
}
