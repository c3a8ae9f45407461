import pino from 'pino';
import { loggerOptions, requestLineLogger } from '../server/logger';
import { requestLineWriter } from '../server/observability/request-line';
import { censorSecrets, CENSOR, REDACT_PATHS } from '../server/log-redact';
const N = 200_000;
const scope = { cid: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345', traceId: 'ab'.repeat(16), spanId: 'cd'.repeat(8), tenant: 'fresh', shop: 'localhost', routeId: 'proxy', upstream: { service: 'catalogue', status: 200, calls: 1 } };
const line = { cid: scope.cid, method: 'GET', url: '/api/services/catalogue/api/v1/offerings/off-milk-1', statusCode: 200, responseTime: 1.26, remoteAddress: '127.0.0.1', pageCid: scope.cid, scope };
const opts = loggerOptions({ logLevel: 'info', logBufferKb: 0 }) as never as pino.LoggerOptions & { stream: pino.DestinationStream };
import { writeSync } from 'node:fs';
const direct = { write(s: string) { const b = Buffer.from(s); let off = 0; while (off < b.length) off += writeSync(1, b, off); } };
const directStr = { write(s: string) { writeSync(1, s); } };
const variants: Record<string, (l: typeof line) => void> = {
  newLean: requestLineWriter(requestLineLogger(opts as never)) as never,
  //fullOptsBufferDest: requestLineWriter(pino({ ...opts, redact: { paths: REDACT_PATHS, censor: CENSOR }, formatters: { log: censorSecrets }, mixin: () => ({ traceId: 'x', spanId: 'y' }) }, opts.stream)) as never,
  fullOptsStringDest: requestLineWriter(pino({ ...opts, redact: { paths: REDACT_PATHS, censor: CENSOR }, formatters: { log: censorSecrets }, mixin: () => ({ traceId: 'x', spanId: 'y' }) }, pino.destination({ dest: 1, sync: true }))) as never,
  leanStringDest: requestLineWriter(pino({ level: 'info', base: opts.base }, pino.destination({ dest: 1, sync: true }))) as never,
  leanDirect: requestLineWriter(pino({ level: 'info', base: opts.base }, direct)) as never,
  leanDirectStr: requestLineWriter(pino({ level: 'info', base: opts.base }, directStr)) as never,
  leanNoWrite: requestLineWriter(pino({ level: 'info', base: opts.base }, { write() {} })) as never,
};
const res: Record<string, number[]> = {};
for (let round = 0; round < 7; round++)
  for (const [name, w] of Object.entries(variants)) {
    const start = process.cpuUsage();
    for (let i = 0; i < N; i++) w(line);
    const u = process.cpuUsage(start);
    (res[name] ??= []).push((u.user + u.system) / N);
  }
for (const [k, v] of Object.entries(res)) console.error(k.padEnd(20), v.sort((a, b) => a - b)[3]!.toFixed(2), 'µs median', v.map((x) => x.toFixed(1)).join(' '));
