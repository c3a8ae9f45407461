import type { FastifyServerOptions } from 'fastify';
import { logFormat, prettyStream } from '../shared/log-format';
import type { Config } from './config';

// pino JSON logs. Each request line carries its CID (request id = CID, logged as "cid");
// credentials never reach the log.
export const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.access_token',
  '*.refresh_token',
  '*.password',
];

/** `stream`: where JSON lines go (stdout by default, pino-pretty on a terminal; tests pass a collector). */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent' && !stream) return false;
  const out = stream ?? prettyStream(logFormat());
  return {
    level: config.logLevel === 'silent' ? 'info' : config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(out ? { stream: out } : {}),
  };
}
