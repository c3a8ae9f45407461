import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

// An integration engineer's client of the gateway's HTTP API (ADR 0376). It knows what the
// documents say and nothing else: docs/api/gateway.openapi.json, and upstream.openapi.json for the
// services behind /api/services/. It keeps the cookies the gateway sets, sends `X-CSRF: 1` on the
// writes of /auth/* and the proxy and no Origin, as the gateway document tells a client that is no
// browser, and checks that each call is an operation of the documents answered with a status they
// list for it.

type Operation = { responses: Record<string, unknown> };
type ApiDocument = { paths: Record<string, Record<string, Operation>> };

const documentOf = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../docs/api/${name}`, import.meta.url), 'utf8'),
  ) as ApiDocument;
const GATEWAY = documentOf('gateway.openapi.json');
const UPSTREAM = documentOf('upstream.openapi.json');
const PROXY = '/api/services/{service}/{path}';

/** The operation of a document a call is (its template with the most literal segments). */
function operationOf(document: ApiDocument, method: string, path: string): Operation | undefined {
  const segments = path.split('/');
  let best: { operation: Operation; literals: number } | undefined;
  for (const [template, operations] of Object.entries(document.paths)) {
    const operation = operations[method.toLowerCase()];
    const parts = template.split('/');
    if (!operation || parts.length !== segments.length) continue;
    const fits = parts.every((part, i) =>
      /^\{\w+\}$/.test(part) ? segments[i] !== '' : part === segments[i],
    );
    const literals = parts.filter((part) => !part.startsWith('{')).length;
    if (fits && (!best || literals > best.literals)) best = { operation, literals };
  }
  return best?.operation;
}

/** The statuses the documents list for a call; an error when they name no such operation. */
export function documentedStatuses(method: string, target: string): string[] {
  const path = new URL(target, 'http://shop.example').pathname;
  if (path.startsWith('/api/services/')) {
    const service = operationOf(UPSTREAM, method, path);
    if (!service) throw new Error(`${method} ${path} is no operation of upstream.openapi.json`);
    const proxy = GATEWAY.paths[PROXY]![method.toLowerCase()]!;
    return [...Object.keys(proxy.responses), ...Object.keys(service.responses)];
  }
  const own = operationOf(GATEWAY, method, path);
  if (!own) throw new Error(`${method} ${path} is no operation of gateway.openapi.json`);
  return Object.keys(own.responses);
}

export type Call = {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded (a page's form). */
  form?: Record<string, string>;
  /** Sent as it is, with the headers given. */
  raw?: string;
  headers?: Record<string, string>;
  /** false: leave out the X-CSRF header the documents require of a write. */
  csrf?: boolean;
};

export type ApiEngineer = {
  send(method: string, target: string, call?: Call): Promise<Response>;
  /** The cookies the gateway set, by name: kept, sent back, and what a test may change. */
  cookies: Map<string, string>;
};

export function apiEngineer(base: string): ApiEngineer {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      if (value.join('=')) cookies.set(name, value.join('='));
      else cookies.delete(name);
    }
  };
  const send = async (method: string, target: string, call: Call = {}) => {
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const guarded = write && /^\/(auth|api\/services)\//.test(target) && call.csrf !== false;
    const headers: Record<string, string> = {
      ...(cookies.size
        ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
        : {}),
      ...(guarded ? { 'x-csrf': '1' } : {}),
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(call.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...call.headers,
    };
    const body =
      call.raw ??
      (call.form ? new URLSearchParams(call.form).toString() : undefined) ??
      (call.body === undefined ? undefined : JSON.stringify(call.body));
    const response = await fetch(base + target, { method, headers, body, redirect: 'manual' });
    keep(response);
    expect(documentedStatuses(method, target), `${method} ${target}: ${response.status}`).toContain(
      String(response.status),
    );
    return response;
  };
  return { send, cookies };
}

/** The answer's JSON, after checking it is a success. */
export async function answer<T>(response: Response): Promise<T> {
  expect(response.status, `${response.url}: ${response.status}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The error shape of the documents, its CID the answer's; returns the message. */
export async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const { error } = (await response.json()) as {
    error: { code: string; message: string; cid: string; details?: unknown };
  };
  expect(error).toMatchObject({ code, cid: response.headers.get('x-correlation-id') });
  expect(Object.keys(error).sort()).toEqual(
    'details' in error ? ['cid', 'code', 'details', 'message'] : ['cid', 'code', 'message'],
  );
  expect(error.message).not.toBe('');
  return error.message;
}
