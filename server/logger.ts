import { hostname } from 'node:os';
import pino from 'pino';
import { logFormat, prettyStream } from '../shared/log-format';
import type { Config } from './config';
import { censorSecrets, CENSOR, REDACT_PATHS } from './log-redact';
import { LineBlocks } from './observability/line-blocks';
import type { LineDestination } from './observability/request-line';

// pino JSON logs. Each request line carries its CID (request id = CID, logged as "cid");
// credentials never reach the log (./log-redact.ts).

// JSON lines on stdout are written in blocks of ~16 KB (and at least every 500 ms, and at exit)
// instead of one write system call per line (docs/decisions/0158). The blocks are gathered by
// ./observability/line-blocks.ts, not by sonic-boom's own buffer, which scanned itself on every
// line (docs/decisions/0158); sonic-boom writes each block synchronously, pino's default.
const BLOCKS = { blockChars: 16 * 1024, flushMs: 500 };
const stdout = () => new LineBlocks(BLOCKS, pino.destination({ dest: 1, sync: true }));

/**
 * The gateway's logger options. The destination, `base` and `timestamp` are the gateway's own
 * (pino's defaults, named here), so the request-line writer writes the lines pino would, to the
 * same destination (./observability/request-line.ts).
 */
export type GatewayLoggerOptions = pino.LoggerOptions & LineDestination;

/** `stream`: where JSON lines go (stdout by default, pino-pretty on a terminal; tests pass a collector). */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): GatewayLoggerOptions | false {
  if (config.logLevel === 'silent' && !stream) return false;
  const out = stream ?? prettyStream(logFormat()) ?? stdout();
  return {
    level: config.logLevel === 'silent' ? 'info' : config.logLevel,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    formatters: { log: censorSecrets },
    base: { pid: process.pid, hostname: hostname() },
    timestamp: pino.stdTimeFunctions.epochTime,
    stream: out,
  };
}
