import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { setTimeout as wait } from 'node:timers/promises';
import { errors, request } from 'undici';
import { hasDotSegment } from './dot-segments';
import { UpstreamTimeoutError, type GuardedDispatchOptions } from './guarded-dispatcher';
import { productHeaders, type Platform } from './platform';
import { mayReadAgain, SecondTry } from './read-again';

// The gateway's one way to call the platform itself (the proxy streams instead): product headers,
// the visitor's token if any, the shared pool, a deadline for the whole exchange (kept by the
// pool's guard, ./guarded-dispatcher.ts: no timer of the call's own) and a capped body. A read
// whose connection was lost before any answer is asked again once within that deadline
// (./read-again.ts, docs/decisions/0355). Never throws: a network fault or timeout is a value.
export type PlatformRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  /** Extra headers; the product headers and the token win over them. */
  headers?: Record<string, string>;
  cid: string;
  shopOrigin: string;
  bearer?: string | null;
  timeoutMs: number;
  maxBodyBytes?: number;
  /** Sent once whatever befalls it: the specification's context call ("No retry", section 7). */
  once?: boolean;
};

export type PlatformExchange =
  | {
      kind: 'answered';
      status: number;
      headers: IncomingHttpHeaders;
      /** The body as text: each caller parses what it needs (one parse per body). */
      text: string;
    }
  | { kind: 'unreachable'; reason: 'timeout' | 'network'; error: unknown; status: number | null };

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;

/**
 * A path URL parsing would turn into another (`/lists/x/items/..` is `/lists/x/`) names nothing:
 * answered as the platform answers an unknown id, without a call, and so without the token.
 */
const noSuchPath = (cid: string): PlatformExchange => ({
  kind: 'answered',
  status: 404,
  headers: { 'content-type': 'application/json' },
  text: JSON.stringify({ error: { code: 'not_found', message: 'Not found', cid } }),
});

export async function callPlatform(
  platform: Platform,
  call: PlatformRequest,
): Promise<PlatformExchange> {
  if (hasDotSegment(call.path)) return noSuchPath(call.cid);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...call.headers,
    ...productHeaders(call.cid, call.shopOrigin),
  };
  if (call.bearer) headers.authorization = `Bearer ${call.bearer}`;
  let body: string | undefined;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers['content-type'] = 'application/json';
  }
  const sent: Sent = { method: call.method ?? 'GET', headers, body };
  const second =
    !call.once && mayReadAgain(sent.method, body !== undefined, call.path)
      ? new SecondTry(call.timeoutMs)
      : null;
  const first = await attempt(platform, call, sent, call.timeoutMs, second);
  // Asked again only when no answer had begun (its status unknown) and the connection was lost.
  if (first.kind === 'answered' || first.status !== null || !second) return first;
  const ms = second.after(first.error);
  if (ms === null) return first;
  await wait(second.waitMs);
  return attempt(platform, call, sent, ms, null);
}

type Sent = {
  method: NonNullable<PlatformRequest['method']>;
  headers: Record<string, string>;
  body?: string;
};

/** One exchange, within `ms`; `second`: the try that may follow this one. */
async function attempt(
  platform: Platform,
  call: PlatformRequest,
  { method, headers, body }: Sent,
  ms: number,
  second: SecondTry | null,
): Promise<PlatformExchange> {
  let status: number | null = null;
  try {
    const upstream = platform.upstreams.forPath(call.path);
    const options: Omit<GuardedDispatchOptions, 'origin' | 'path'> = {
      method,
      headers,
      body,
      headersTimeout: ms,
      bodyTimeout: ms,
      exchangeTimeout: ms,
      // So that the pool's watch does not report a failure the second try may get past.
      retriedAfter: second?.follows,
    };
    const response = await request(`${upstream.origin}${upstream.prefix}${call.path}`, {
      ...options,
      dispatcher: upstream.dispatcher,
    });
    status = response.statusCode;
    const text = await readCapped(response.body, call.maxBodyBytes ?? DEFAULT_MAX_BODY);
    return { kind: 'answered', status, headers: response.headers, text };
  } catch (error) {
    const reason = isTimeout(error) ? 'timeout' : 'network';
    return { kind: 'unreachable', reason, error, status };
  }
}

// A misbehaving upstream must not make the gateway buffer an unbounded body: past `max` bytes the
// answer is dropped and read as empty. Read by its events, not `for await`: an async iterator
// per call (its promises, its end-of-stream watch) was ~4 % of what a page allocated.
function readCapped(body: Readable, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      body.destroy();
      resolve('');
    });
    body.once('end', () =>
      resolve(
        chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'),
      ),
    );
    body.once('error', reject);
  });
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof UpstreamTimeoutError ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  );
}
