import { createRequire } from 'node:module';
import type { PrettyOptions } from 'pino-pretty';

// Logs for people on a terminal, JSON lines for machines (issue #7 item 9). LOG_FORMAT=pretty|json
// forces one; by default a terminal (stdout is a TTY: `npm start`, `npm run dev`) gets pino-pretty,
// anything else (a pipe, a log collector, a container) gets JSON. Server-side only.
export type LogFormat = 'pretty' | 'json';

export function logFormat(
  env: Record<string, string | undefined> = process.env,
  isTty = Boolean(process.stdout.isTTY),
): LogFormat {
  if (env.LOG_FORMAT === 'pretty' || env.LOG_FORMAT === 'json') return env.LOG_FORMAT;
  return isTty ? 'pretty' : 'json';
}

/** A synchronous pino-pretty stream (no worker thread), or undefined for plain JSON on stdout. */
export function prettyStream(format: LogFormat): { write(line: string): void } | undefined {
  if (format !== 'pretty') return undefined;
  // Loaded only here: JSON logging (production) never pays for pino-pretty's modules.
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: PrettyOptions) => {
    write(line: string): void;
  };
  return pretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}
