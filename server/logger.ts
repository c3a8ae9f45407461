import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { logFormat, prettyStream } from '../shared/log-format';
import type { Config } from './config';
import { censorSecrets, CENSOR, REDACT_PATHS } from './log-redact';
import { LineBlocks } from './observability/line-blocks';

// pino JSON logs. Each request line carries its CID (request id = CID, logged as "cid");
// credentials never reach the log (./log-redact.ts).

// JSON lines on stdout are written in blocks of ~16 KB (and at least every 500 ms, and at exit)
// instead of one write system call per line: that call was ~8 % of a proxied request's CPU
// (docs/decisions/0158); with 4 KB blocks the writes were still ~2 %. The blocks are gathered by
// ./observability/line-blocks.ts, not by sonic-boom's own buffer, which scanned itself on every
// line (docs/decisions/0201); sonic-boom writes each block synchronously, pino's default.
const BLOCKS = { blockChars: 16 * 1024, flushMs: 500 };
const stdout = () => new LineBlocks(BLOCKS, pino.destination({ dest: 1, sync: true }));

/** `stream`: where JSON lines go (stdout by default, pino-pretty on a terminal; tests pass a collector). */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent' && !stream) return false;
  const out = stream ?? prettyStream(logFormat()) ?? stdout();
  return {
    level: config.logLevel === 'silent' ? 'info' : config.logLevel,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    formatters: { log: censorSecrets },
    stream: out,
  };
}
