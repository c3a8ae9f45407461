import './lib/production';
import { SpanKind } from '@opentelemetry/api';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestScope } from '../server/observability/scope';

// CPU per proxied call of its spans (issue #28 item 1, docs/decisions/0250), in this process: the
// request's server span and one upstream client span, opened, given their attributes and ended,
// with tracing off and with tracing on (the batch processor exporting OTLP/HTTP JSON to a local
// sink that accepts and drops it; the export's own work in this process is counted). CPU time
// (process.cpuUsage), which the machine's other work moves much less than a load test. Not part of
// `npm run bench`. CALLS (50,000), BENCH_ROUNDS (5).
const CALLS = Number(process.env.CALLS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const sink = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const tracing = await import('../server/observability/tracing');

function oneCall(): void {
  const scope: RequestScope = {
    cid: 'c',
    traceId: 'ab'.repeat(16),
    tenant: 'fresh',
    routeId: 'proxy',
  };
  tracing.openRequestSpan(scope, 'GET', null);
  const span = tracing.childSpan(
    scope,
    'GET catalogue /api/services/catalogue/api/v1/offerings/:id',
    SpanKind.CLIENT,
    {
      'http.request.method': 'GET',
      'url.template': '/api/services/catalogue/api/v1/offerings/:id',
      'storefront.upstream.service': 'catalogue',
      'storefront.upstream.retry': false,
      'storefront.upstream.renewal': false,
      'storefront.breaker.state': 'closed',
    },
  );
  span?.setAttribute('http.response.status_code', 200);
  span?.end();
  tracing.closeRequestSpan(scope, 200);
}

async function measure(): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i += 1) {
    oneCall();
    // Let the exporter run as it would between requests.
    if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await tracing.flushTracing();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / CALLS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const off: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) off.push(await measure());
await tracing.initTracing({
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}`,
});
const on: number[] = [];
for (let round = 0; round < ROUNDS; round += 1) on.push(await measure());
console.log(
  `spans of a proxied call, tracing off: ${median(off).toFixed(3)} µs CPU (median of ${ROUNDS})`,
);
console.log(
  `spans of a proxied call, tracing on:  ${median(on).toFixed(2)} µs CPU, export included`,
);
sink.close();
process.exit(0);
