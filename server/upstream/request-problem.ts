import type { Dispatcher } from 'undici';

// What undici would refuse in a request (a header value with CR/LF/NUL, a path with a space),
// found before the pool sees it: undici's client marks its connection busy when its Request
// constructor throws, and never frees it (./guarded-dispatcher.ts refuses such a call).
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const PATH = /^[\u0021-\u00ff]*$/;

/** Why undici would refuse this request, or null. */
export function requestProblem(opts: Dispatcher.DispatchOptions): string | null {
  const path = String(opts.path ?? '');
  if (!path.startsWith('/') || !PATH.test(path)) return 'invalid request path';
  if (!TOKEN.test(String(opts.method ?? ''))) return 'invalid request method';
  const headers = opts.headers;
  if (!headers) return null;
  // Walked in place (no list of pairs per call: this runs for every upstream call).
  if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i += 2) {
      const problem = headerProblem(String(headers[i]), headers[i + 1]);
      if (problem) return problem;
    }
    return null;
  }
  for (const name in headers) {
    const problem = headerProblem(name, (headers as Record<string, unknown>)[name]);
    if (problem) return problem;
  }
  return null;
}

function headerProblem(name: string, value: unknown): string | null {
  if (!TOKEN.test(name)) return 'invalid header name';
  if (Array.isArray(value)) {
    for (const item of value) if (!valueOk(item)) return `invalid ${name.toLowerCase()} header`;
    return null;
  }
  return valueOk(value) ? null : `invalid ${name.toLowerCase()} header`;
}

const valueOk = (item: unknown) =>
  item === undefined || item === null || HEADER_VALUE.test(String(item));
