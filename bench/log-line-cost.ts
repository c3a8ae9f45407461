import './lib/production';
import Fastify from 'fastify';
import { loggerOptions, requestLineLogger } from '../server/logger';
import { requestLineWriter } from '../server/observability/request-line';
import type { RequestScope } from '../server/observability/scope';

// CPU per request line (issue #28 item 4, docs/decisions/0253), in this process, to /dev/null:
// the gateway's line through pino's API (each line written at once, or with LOG_BUFFER_KB's
// buffer) against the writer before it (BEFORE_DIR: a checkout of the commit before, e.g.
// build-before-<commit>/, its hand-formatted line into LineBlocks). CPU time (process.cpuUsage),
// so the machine's other work moves it much less than a load test. Not part of `npm run bench`.
const LINES = Number(process.env.LINES ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const before = process.env.BEFORE_DIR;

const scope: RequestScope = {
  cid: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  traceId: 'ab'.repeat(16),
  spanId: 'cd'.repeat(8),
  tenant: 'fresh',
  shop: 'localhost',
  routeId: 'proxy',
  upstream: { service: 'catalogue', status: 200, calls: 1 },
};
const line = {
  cid: scope.cid,
  method: 'GET',
  url: '/api/services/catalogue/api/v1/offerings/off-milk-1',
  statusCode: 200,
  responseTime: 1.26,
  remoteAddress: '127.0.0.1',
  pageCid: scope.cid,
  scope,
};

type Writer = (l: typeof line) => void;

async function ours(bufferKb: number): Promise<Writer> {
  const options = loggerOptions({ logLevel: 'info', logBufferKb: bufferKb });
  if (!options) throw new Error('no logger');
  return requestLineWriter(requestLineLogger(options)) as Writer;
}

async function theirs(): Promise<Writer> {
  const logger = await import(`${before}/server/logger.ts`);
  const lines = await import(`${before}/server/observability/request-line.ts`);
  const options = logger.loggerOptions({ logLevel: 'info' });
  const app = Fastify({ logger: options });
  lines.registerLineDestination(app.log, options);
  return lines.requestLineWriter(app.log) as Writer;
}

const writers: Record<string, Writer> = {
  'pino, each line written': await ours(0),
  'pino, LOG_BUFFER_KB=16': await ours(16),
};
if (before) writers['before (hand-formatted, blocks)'] = await theirs();

const results: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, write] of Object.entries(writers)) {
    const start = process.cpuUsage();
    for (let i = 0; i < LINES; i += 1) write(line);
    const used = process.cpuUsage(start);
    (results[name] ??= []).push((used.user + used.system) / LINES);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
for (const [name, values] of Object.entries(results))
  process.stderr.write(
    `${name.padEnd(34)} ${median(values).toFixed(2)} µs CPU per line (median of ${ROUNDS})\n`,
  );
process.exit(0);
