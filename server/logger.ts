import { hostname } from 'node:os';
import pino from 'pino';
import { logFormat, prettyStream } from '../shared/log-format';
import type { Config } from './config';
import { censorSecrets, CENSOR, REDACT_PATHS } from './log-redact';
import { bufferedLines, holdsToTurnEnd, syncLines } from './log-stdout';
import type { LineLog } from './observability/request-line';
import { currentScope, scopeSpanId } from './observability/scope';

// pino JSON logs, through pino's public options only (docs/decisions/0253). Each request line
// carries its CID (request id = CID, logged as "cid"); every line written inside a request carries
// its trace and span ids (the mixin); credentials never reach the log (./log-redact.ts).
//
// Nothing is held past the event loop's turn by default: each line is written to stdout as it is
// logged, the request lines of one turn together when it ends (./log-stdout.ts, ADRs 0283 and
// 0402), so a crash loses no line that explains it. An operator may trade that for fewer
// write calls with LOG_BUFFER_KB (lines held up to that size, written every second and at exit).

/** Where JSON lines go: stdout, a write per line (a turn's request lines in one), or held when chosen. */
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
 * each of them is paid per line on every request. On stdout its lines are written when the turn
 * ends (ADR 0402). Null when nothing is logged.
 */
export function requestLineLogger(options: GatewayLoggerOptions | false): LineLog | null {
  if (!options || options.level === 'silent') return null;
  const out = options.stream;
  const stream = holdsToTurnEnd(out) ? { write: (line: string) => out.writeAtTurnEnd(line) } : out;
  const log = pino({ level: options.level, base: options.base }, stream);
  return log.isLevelEnabled('info') ? log : null;
}
