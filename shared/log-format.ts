import { createRequire } from 'node:module';
import type { PrettyOptions } from 'pino-pretty';
import { z } from 'zod';
import { emptyAsUnset } from './env-numbers';

// Logs for people on a terminal, JSON lines for machines (issue #7 item 9). LOG_FORMAT=pretty|json
// forces one; by default a terminal (stdout is a TTY: `npm start`, `npm run dev`) gets pino-pretty,
// anything else (a pipe, a log collector, a container) gets JSON. Server-side only.
//
// On a terminal a page view is a handful of lines (issue #28 item 4, docs/decisions/0253): each
// line on one line (its fields after the message), a request line as one sentence (method, URL,
// status, time, route, the worst platform call, the cache), the trace and span ids, process id and
// host left out, and the successful answers of what a page pulls in by itself (static assets, the
// route manifest, the build watch, product pictures) not shown. JSON logs keep all of it.
export type LogFormat = 'pretty' | 'json';

/**
 * LOG_FORMAT as the gateway's and the platform's configurations check it: `pretty`, `json`, or
 * unset (empty too). Another value had been taken silently as unset (ADR 0312).
 */
export const logFormatSetting = z.preprocess(
  emptyAsUnset,
  z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
);

export function logFormat(
  env: Record<string, string | undefined> = process.env,
  isTty = Boolean(process.stdout.isTTY),
): LogFormat {
  if (env.LOG_FORMAT === 'pretty' || env.LOG_FORMAT === 'json') return env.LOG_FORMAT;
  return isTty ? 'pretty' : 'json';
}

type Line = Record<string, unknown>;
const PULLED_IN =
  /^\/(assets\/|builds\/|__manifest|favicon|api\/services\/catalogue\/api\/v1\/images\/)/;
const REQUEST_FIELDS = [
  'method',
  'url',
  'statusCode',
  'responseTime',
  'route',
  'tenant',
  'upstreamService',
  'upstreamStatus',
  'upstreamCalls',
  'cache',
  'remoteAddress',
  'pageCid',
];

/**
 * A JSON log line as a terminal shows it, or null when it is not shown: a request line becomes
 * one sentence, what a page pulls in by itself, answered without error, is left out.
 */
export function forTerminal(json: string): string | null {
  let line: Line;
  try {
    line = JSON.parse(json) as Line;
  } catch {
    return json;
  }
  if (line.msg !== 'request completed') return json;
  const url = String(line.url ?? '');
  const status = Number(line.statusCode);
  if (status < 400 && PULLED_IN.test(url)) return null;
  // A request Node's parser refused may have no method, target or time.
  let msg = `${String(line.method ?? '-')} ${url || '-'} ${status}`;
  if (line.responseTime !== undefined) msg += ` ${String(line.responseTime)} ms`;
  if (line.route) msg += ` [${String(line.route)}]`;
  if (line.upstreamService)
    msg += ` ${String(line.upstreamService)} ${String(line.upstreamStatus)} of ${String(line.upstreamCalls)} call(s)`;
  if (line.cache) msg += ` cache ${String(line.cache)}`;
  const rest: Line = {};
  for (const key in line) if (!REQUEST_FIELDS.includes(key)) rest[key] = line[key];
  rest.msg = msg;
  return `${JSON.stringify(rest)}\n`;
}

/** A synchronous pino-pretty stream (no worker thread), or undefined for plain JSON on stdout. */
export function prettyStream(format: LogFormat): { write(line: string): void } | undefined {
  if (format !== 'pretty') return undefined;
  // Loaded only here: JSON logging (production) never pays for pino-pretty's modules.
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: PrettyOptions) => {
    write(line: string): void;
  };
  const out = pretty({
    colorize: true,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,traceId,spanId',
  });
  return {
    write(line) {
      const shown = forTerminal(line);
      if (shown !== null) out.write(shown);
    },
  };
}
