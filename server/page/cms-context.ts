import { request } from 'undici';
import { CmsContext } from '../../shared/contracts/context';
import type { PageUrl } from '../../shared/contracts/context';
import { productHeaders, type Platform } from '../upstream/platform';

// The context call of the specification (section 7.1): GET /cms-api/context with cid, isLoggedIn
// and url (JSON of origin, host, pathname). No retry. The body is read as text and parsed as
// JSON; it may be the context object or a JSON string whose content is the context (brief).
export type CmsContextResult =
  | { kind: 'ok'; context: CmsContext }
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
  let status: number | null = null;
  try {
    const response = await request(`${platform.baseUrl}/cms-api/context?${query}`, {
      dispatcher: platform.dispatcher,
      headers: { accept: 'application/json', ...productHeaders(input.cid, input.url.origin) },
      headersTimeout: input.timeoutMs,
      bodyTimeout: input.timeoutMs,
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    status = response.statusCode;
    const text = await response.body.text();
    const context = parseContextBody(text);
    if (!context)
      return { kind: 'failed', status, statusText: statusTextOf(status), timedOut: false };
    return { kind: 'ok', context };
  } catch (error) {
    const name = (error as { name?: string; code?: string }).name ?? '';
    const code = (error as { code?: string }).code ?? '';
    const timedOut = name === 'TimeoutError' || code.includes('TIMEOUT');
    return {
      kind: 'failed',
      status,
      statusText: timedOut ? 'timeout' : code || name || 'error',
      timedOut,
    };
  }
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
