import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { logFormat, prettyStream } from '../shared/log-format';
import type { Config } from './config';
import { censorSecrets, CENSOR, REDACT_PATHS } from './log-redact';

// pino JSON logs. Each request line carries its CID (request id = CID, logged as "cid");
// credentials never reach the log (./log-redact.ts).

// JSON lines on stdout are written in blocks of ~16 KB by a background write (and at least every
// 500 ms, and at exit) instead of one write system call per line: that call was ~8 % of a
// proxied request's CPU (docs/decisions/0158). 16 KB is just under sonic-boom's largest write;
// with 4 KB blocks the writes were still ~2 % (docs/decisions/0201).
const BUFFERED_STDOUT = { dest: 1, minLength: 16 * 1024 - 1, sync: false, periodicFlush: 500 };

/** `stream`: where JSON lines go (stdout by default, pino-pretty on a terminal; tests pass a collector). */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent' && !stream) return false;
  const out = stream ?? prettyStream(logFormat()) ?? pino.destination(BUFFERED_STDOUT);
  return {
    level: config.logLevel === 'silent' ? 'info' : config.logLevel,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    formatters: { log: censorSecrets },
    stream: out,
  };
}
