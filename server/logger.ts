import { hostname } from 'node:os';
import pino from 'pino';
import { logFormat, prettyStream } from '../shared/log-format';
import type { Config } from './config';
import { censorSecrets, CENSOR, REDACT_PATHS } from './log-redact';
import { bufferedLines, syncLines } from './log-stdout';
import type { LineLog } from './observability/request-line';
import { currentScope, scopeSpanId } from './observability/scope';

// pino JSON logs, through pino's public options only (docs/decisions/0253). Each request line
// carries its CID (request id = CID, logged as "cid"); every line written inside a request carries
// its trace and span ids (the mixin); credentials never reach the log (./log-redact.ts).
//
// Nothing is held in memory by default: each line is written to stdout as it is logged
// (./log-stdout.ts, docs/decisions/0283), so a crash loses no line that explains it. An operator
// may trade that for fewer write calls with LOG_BUFFER_KB (lines held up to that size, written
// every second and at exit).

/** Where JSON lines go: stdout, one write per line, or held when the operator chose it. */
function stdout(bufferKb: number): pino.DestinationStream {
  return bufferKb === 0 ? syncLines(1) : bufferedLines(1, bufferKb * 1024);
}

/**
 * The trace and span ids of the request the line is written in (none outside a request). A new
 * object each time: pino merges the line's fields into it.
 */
function traceFields() {
  const scope = currentScope();
  return scope ? { traceId: scope.traceId, spanId: scopeSpanId(scope) } : {};
}

export type GatewayLoggerOptions = pino.LoggerOptions & {
  stream: pino.DestinationStream | { write(line: string): void };
};

/** `stream`: where JSON lines go (stdout by default, pino-pretty on a terminal; tests pass a collector). */
export function loggerOptions(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logBufferKb'>>,
  stream?: { write(line: string): void },
): GatewayLoggerOptions | false {
  if (config.logLevel === 'silent' && !stream) return false;
  const out = stream ?? prettyStream(logFormat()) ?? stdout(config.logBufferKb ?? 0);
  return {
    level: config.logLevel === 'silent' ? 'info' : config.logLevel,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    formatters: { log: censorSecrets },
    base: { pid: process.pid, hostname: hostname() },
    mixin: traceFields,
    stream: out,
  };
}

/**
 * The logger of the request lines, one a request (./observability/request-line.ts): the same
 * destination, level and base fields as every other line, without the options the other lines
 * need and a request line cannot use (its fields are primitives it built itself: the URL
 * already redacted, the trace and span ids its own, no header or nested object to censor), since
 * each of them is paid per line on every request. Null when nothing is logged.
 */
export function requestLineLogger(options: GatewayLoggerOptions | false): LineLog | null {
  if (!options || options.level === 'silent') return null;
  const log = pino({ level: options.level, base: options.base }, options.stream);
  return log.isLevelEnabled('info') ? log : null;
}
