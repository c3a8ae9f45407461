import { errors, request, type Dispatcher } from 'undici';
import { UpstreamTimeoutError } from '../upstream/guarded-dispatcher';
import { productHeaders, type Platform } from '../upstream/platform';

// One HTTP exchange with uaa: product headers, a whole-exchange timeout, the body read as JSON
// (or null when it is not JSON). Never throws: a network fault or timeout is a value.
export type UaaCallContext = { cid: string; shopOrigin: string };

export type UaaExchange =
  | { kind: 'answered'; status: number; body: unknown; retryAfter?: number }
  | { kind: 'unreachable'; reason: 'timeout' | 'network' };

type CallOptions = {
  method: 'GET' | 'POST';
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
};

const MAX_BODY = 64 * 1024;

export async function callUaa(
  platform: Platform,
  timeoutMs: number,
  ctx: UaaCallContext,
  options: CallOptions,
): Promise<UaaExchange> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...options.headers,
    ...productHeaders(ctx.cid, ctx.shopOrigin),
  };
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await request(`${platform.baseUrl}${options.path}`, {
      method: options.method,
      dispatcher: platform.dispatcher as Dispatcher,
      headers,
      body,
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await readCapped(response.body);
    const retryAfter = Number(response.headers['retry-after']);
    return {
      kind: 'answered',
      status: response.statusCode,
      body: parseJson(text),
      ...(retryAfter > 0 ? { retryAfter: Math.ceil(retryAfter) } : {}),
    };
  } catch (error) {
    return { kind: 'unreachable', reason: isTimeout(error, signal) ? 'timeout' : 'network' };
  }
}

// A misbehaving upstream must not make the gateway buffer an unbounded body.
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY) {
      body.destroy();
      return '';
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isTimeout(error: unknown, signal: AbortSignal): boolean {
  return (
    signal.aborted ||
    error instanceof UpstreamTimeoutError ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  );
}
