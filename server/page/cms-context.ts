import { CmsContext } from '../../shared/contracts/context';
import type { PageUrl } from '../../shared/contracts/context';
import type { Platform } from '../upstream/platform';
import { callPlatform } from '../upstream/platform-call';

// The context call of the specification (section 7.1): GET /cms-api/context with cid, isLoggedIn
// and url (JSON of origin, host, pathname). No retry: not even after a lost connection, which
// the gateway's other reads get (docs/decisions/0355). The body is read as text and parsed as
// JSON; it may be the context object or a JSON string whose content is the context (brief).
export type CmsContextResult =
  | { kind: 'ok'; context: CmsContext; status: number }
  | { kind: 'failed'; status: number | null; statusText: string; timedOut: boolean };

export async function loadCmsContext(
  platform: Platform,
  input: { cid: string; isLoggedIn: boolean; url: PageUrl; timeoutMs: number },
): Promise<CmsContextResult> {
  const query = new URLSearchParams({
    cid: input.cid,
    isLoggedIn: String(input.isLoggedIn),
    url: JSON.stringify(input.url),
  });
  const exchange = await callPlatform(platform, {
    path: `/cms-api/context?${query}`,
    cid: input.cid,
    shopOrigin: input.url.origin,
    timeoutMs: input.timeoutMs,
    once: true,
  });
  if (exchange.kind === 'unreachable') {
    const timedOut = exchange.reason === 'timeout';
    const { name = '', code = '' } = (exchange.error ?? {}) as { name?: string; code?: string };
    const statusText = timedOut ? 'timeout' : code || name || 'error';
    return { kind: 'failed', status: exchange.status, statusText, timedOut };
  }
  const context = parseContextBody(exchange.text);
  if (!context)
    return {
      kind: 'failed',
      status: exchange.status,
      statusText: statusTextOf(exchange.status),
      timedOut: false,
    };
  return { kind: 'ok', context, status: exchange.status };
}

/** A context counts as returned only when it has a cid (specification section 5). */
export function parseContextBody(text: string): CmsContext | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
    if (typeof value === 'string') value = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = CmsContext.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function statusTextOf(status: number): string {
  return status >= 200 && status < 300 ? 'context without cid' : `HTTP ${status}`;
}
