// What a log line may never carry (docs/decisions/0158). pino's `redact` with wildcard paths
// ('*.password') cost several times the line itself, paid by every request; the paths below
// without a wildcard cost nothing measurable and stay with pino. The wildcard part is this
// formatter: a look at the values of the line's own keys, copying only a value that holds a secret.
import { redactUrlSecrets } from '../shared/redact-keys';

export const CENSOR = '[redacted]';

/**
 * A URL as the log may show it (issue #27 item 14, docs/decisions/0248): account keys in paths,
 * a social callback's query, and `code`, `state` and token parameters replaced. Every logged URL
 * passes here: the request line (./observability/request-line.ts) and any line's `url`.
 */
export const redactLoggedUrl = redactUrlSecrets;

/** Exact paths, for pino's `redact` (applied only when the line has that top-level key). */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

/** Keys censored one level down, whatever the top-level key (pino's `*.access_token`). */
export const SECRET_KEYS = ['access_token', 'refresh_token', 'password'] as const;

// A copy keeps the prototype and every own property (an Error keeps its message and stack). An
// Error's `stack` is read into a plain value: on Node 24 it is an accessor that reads the original
// error, and copied onto another object it reads nothing.
const copyOf = (value: object): Record<string, unknown> => {
  const copy = Object.defineProperties(
    Object.create(Object.getPrototypeOf(value) as object | null) as object,
    Object.getOwnPropertyDescriptors(value),
  ) as Record<string, unknown>;
  if (value instanceof Error)
    Object.defineProperty(copy, 'stack', {
      value: value.stack,
      writable: true,
      configurable: true,
    });
  return copy;
};

/** pino's `formatters.log`: the line, or a copy of it with each secret replaced by CENSOR. */
export function censorSecrets(line: Record<string, unknown>): Record<string, unknown> {
  let out = line;
  if (typeof line.url === 'string') {
    const url = redactLoggedUrl(line.url);
    if (url !== line.url) out = { ...line, url };
  }
  for (const key in line) {
    const value = line[key];
    if (value === null || typeof value !== 'object') continue;
    let copy: Record<string, unknown> | null = null;
    for (const secret of SECRET_KEYS) {
      if (Object.hasOwn(value, secret)) (copy ??= copyOf(value))[secret] = CENSOR;
    }
    if (copy) {
      if (out === line) out = { ...line };
      out[key] = copy;
    }
  }
  return out;
}
