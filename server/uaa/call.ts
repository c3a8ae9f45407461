import { callPlatform } from '../upstream/platform-call';
import type { Platform } from '../upstream/platform';

// One HTTP exchange with uaa through the gateway's platform call, its body read as JSON (null when
// it is not JSON) and at most 64 KiB. Never throws: a network fault or timeout is a value.
export type UaaCallContext = {
  cid: string;
  shopOrigin: string;
  /**
   * The visitor's address (request.ip), sent as X-Forwarded-For where uaa counts by it: the
   * sign-in lockout (docs/decisions/0241). uaa believes it only from the gateways' addresses.
   */
  clientAddress?: string;
};

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
  const { clientAddress, ...product } = ctx;
  const exchange = await callPlatform(platform, {
    ...options,
    ...(clientAddress ? { headers: { ...options.headers, 'x-forwarded-for': clientAddress } } : {}),
    ...product,
    timeoutMs,
    maxBodyBytes: MAX_BODY,
  });
  if (exchange.kind === 'unreachable') return { kind: 'unreachable', reason: exchange.reason };
  const retryAfter = Number(exchange.headers['retry-after']);
  return {
    kind: 'answered',
    status: exchange.status,
    body: jsonOrNull(exchange.text),
    ...(retryAfter > 0 ? { retryAfter: Math.ceil(retryAfter) } : {}),
  };
}

function jsonOrNull(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
