import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

// An integration engineer's client of the gateway's HTTP API (ADR 0376). It knows what the
// documents say and nothing else: docs/api/gateway.openapi.json, and upstream.openapi.json for the
// services behind /api/services/. It keeps the cookies the gateway sets, sends `X-CSRF: 1` on the
// writes of /auth/* and the proxy and no Origin, as the gateway document tells a client that is no
// browser, and checks that each call is an operation of the documents answered with a status they
// list for it; that a method a documented path has no operation for is a 405 whose Allow names
// the path's methods; and that an error's code is its status's (`x-error-codes`) or one the
// operation's answer names (ADR 0385).

type Answer = { description: string };
type Operation = { responses: Record<string, Answer> };
type ApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  'x-error-codes'?: Record<string, string>;
};

const documentOf = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../docs/api/${name}`, import.meta.url), 'utf8'),
  ) as ApiDocument;
const GATEWAY = documentOf('gateway.openapi.json');
const UPSTREAM = documentOf('upstream.openapi.json');
const PROXY = '/api/services/{service}/{path}';

/** The operations of a document's path a call's path is (the template with most literals). */
function pathOf(document: ApiDocument, path: string): Record<string, Operation> | undefined {
  const segments = path.split('/');
  let best: { operations: Record<string, Operation>; literals: number } | undefined;
  for (const [template, operations] of Object.entries(document.paths)) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    const fits = parts.every((part, i) =>
      /^\{\w+\}$/.test(part) ? segments[i] !== '' : part === segments[i],
    );
    const literals = parts.filter((part) => !part.startsWith('{')).length;
    if (fits && (!best || literals > best.literals)) best = { operations, literals };
  }
  return best?.operations;
}

const pathname = (target: string) => new URL(target, 'http://shop.example').pathname;
const proxied = (path: string) => path.startsWith('/api/services/');

/**
 * The methods the documents give a path, HEAD with each GET (upstream.openapi.json's for a
 * service's path); an error when they name no such path.
 */
export function documentedMethods(target: string): string[] {
  const path = pathname(target);
  const document = proxied(path) ? UPSTREAM : GATEWAY;
  const operations = pathOf(document, path);
  if (!operations) throw new Error(`${path} is no path of the documents`);
  const methods = Object.keys(operations)
    .filter((key) => !key.startsWith('x-'))
    .map((method) => method.toUpperCase());
  return methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;
}

/**
 * The answers the documents give a call, by status: the operation's, a proxied call's the proxy's
 * and its service operation's; for a method its path has no operation for, the 405. An error
 * when they name no such path.
 */
function documentedAnswers(method: string, target: string): Record<string, Answer[]> {
  const path = pathname(target);
  const key = method.toLowerCase();
  const own = proxied(path) ? GATEWAY.paths[PROXY]![key] : pathOf(GATEWAY, path)?.[key];
  const service = proxied(path) ? pathOf(UPSTREAM, path)?.[key] : undefined;
  const answers: Record<string, Answer[]> = {};
  for (const operation of [own, service])
    for (const [status, answer] of Object.entries(operation?.responses ?? {}))
      (answers[status] ??= []).push(answer);
  if (proxied(path) ? service : own) return answers;
  if (!documentedMethods(target).includes(method)) {
    const refusal = { description: `${GATEWAY['x-error-codes']!['405']}: no such operation` };
    return { ...answers, 405: [...(answers['405'] ?? []), refusal] };
  }
  throw new Error(`${method} ${path} is no operation of the documents`);
}

/** The statuses the documents list for a call; an error when they name no such operation. */
export function documentedStatuses(method: string, target: string): string[] {
  return Object.keys(documentedAnswers(method, target));
}

/** Whether the documents name `code` for a call's `status`: the status's, or its answer's. */
export function documentedCode(method: string, target: string, status: number, code: string) {
  if (GATEWAY['x-error-codes']![String(status)] === code) return true;
  const named = new RegExp(`(^|[^\\w])${code}([^\\w]|$)`);
  return (documentedAnswers(method, target)[String(status)] ?? []).some((answer) =>
    named.test(answer.description),
  );
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
    if (response.status === 405) {
      // The path's methods: the gateway's exactly; a service's at least those of the contract.
      const allow = (response.headers.get('allow') ?? '').split(/,\s*/);
      const documented = documentedMethods(target);
      if (proxied(pathname(target))) expect(allow).toEqual(expect.arrayContaining(documented));
      else expect(allow.sort()).toEqual(documented.sort());
    }
    calls.set(response, { method, target });
    return response;
  };
  return { send, cookies };
}

/** The answer's JSON, after checking it is a success. */
export async function answer<T>(response: Response): Promise<T> {
  expect(response.status, `${response.url}: ${response.status}`).toBeLessThan(300);
  return (await response.json()) as T;
}

// Each answer's call, for the codes its documents name.
const calls = new WeakMap<Response, { method: string; target: string }>();

/**
 * The error shape of the documents, its CID the answer's, its code one they name for the call's
 * status (an answer of `send`); returns the message.
 */
export async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const { error } = (await response.json()) as {
    error: { code: string; message: string; cid: string; details?: unknown };
  };
  expect(error).toMatchObject({ code, cid: response.headers.get('x-correlation-id') });
  const call = calls.get(response)!;
  expect(
    documentedCode(call.method, call.target, status, code),
    `${call.method} ${call.target}: ${status} ${code} is named in the documents`,
  ).toBe(true);
  expect(Object.keys(error).sort()).toEqual(
    'details' in error ? ['cid', 'code', 'details', 'message'] : ['cid', 'code', 'message'],
  );
  expect(error.message).not.toBe('');
  return error.message;
}
