import './lib/production';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGatewayProcess, type GatewayProcess } from './lib/gateway-process';
import { closedLoop, fmt, secondsFromEnv } from './lib/load';
import { SHOP_HOST } from './lib/shop-recording';

// A before/after of a proxied read in one run (for proxy hot-path work, docs/decisions/0201): the
// current build and, with COMPARE_MAIN, another bundle of the gateway (an older
// <build dir>/dist/server/main.js; it must sit where it can resolve node_modules), against the
// same small upstream, closed loop of 16 in flight with a visitor's token cookies, rounds
// interleaved, CPU per request of each gateway process. Not part of `npm run bench`.
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 5);
const SECONDS = secondsFromEnv('BENCH_SECONDS', 4);
const PATH = '/api/services/catalogue/api/v1/offerings/off-milk-1';
const BODY = JSON.stringify({ id: 'off-milk-1', name: 'Semi-skimmed milk 1 l', available: true });
const jwtPart = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ACCESS_TOKEN = `${jwtPart({ alg: 'RS256' })}.${jwtPart({ sub: 'bench', exp: 4102444800 })}.c2ln`;
const headers = {
  host: SHOP_HOST,
  cookie: `access_token=${ACCESS_TOKEN}; refresh_token=bench-refresh-token-0123456789`,
};

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

const gateways: Record<string, GatewayProcess> = {};
try {
  gateways.now = await startGatewayProcess(upstreamUrl);
  const other = process.env.COMPARE_MAIN;
  if (other) gateways[`compare (${other})`] = await startGatewayProcess(upstreamUrl, {}, other);
  const target = (gateway: GatewayProcess) => ({ origin: gateway.url, path: PATH, headers });
  for (const gateway of Object.values(gateways))
    await closedLoop(target(gateway), { concurrency: 16, seconds: 3 });
  const cpu: Record<string, number[]> = {};
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, gateway] of Object.entries(gateways)) {
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
  for (const [name, values] of Object.entries(cpu)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`median cpu ${name}: ${fmt(sorted[Math.floor(sorted.length / 2)]!, 0)} µs/req`);
  }
} finally {
  for (const gateway of Object.values(gateways)) await gateway.stop();
  upstream.close();
  upstream.closeAllConnections();
}
