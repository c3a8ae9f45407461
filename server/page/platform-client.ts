import type { PlatformCall, PlatformClient, PlatformResponse } from '../../shared/load-context';
import { cachePreset, type CacheStatus, type CachedAnswer } from '../cache/subrequest-cache';
import type { Platform } from '../upstream/platform';
import { callPlatform } from '../upstream/platform-call';

// Server-side calls of route loaders and actions to the platform: the page's product headers and
// the visitor's access token through the gateway's platform call. The token stays inside this
// closure; loaders only see the answers. A network fault or timeout throws, as fetch would.
// Public data (catalogue, CMS content) goes through the platform's sub-request cache, fetched
// without the token (ADR 0153).
export function createPlatformClient(
  platform: Platform,
  page: {
    cid: string;
    shopOrigin: string;
    accessToken: () => string | null;
    timeoutMs: number;
    onCache?: (status: CacheStatus) => void;
    /** Each call: a public answer's version (the sub-request cache's), or null (private). */
    onCall?: (path: string, version: number | null) => void;
  },
): PlatformClient {
  const send = async (
    { method, path, body, headers }: PlatformCall,
    bearer: string | null,
  ): Promise<CachedAnswer> => {
    const exchange = await callPlatform(platform, {
      method,
      path,
      json: body,
      headers,
      cid: page.cid,
      shopOrigin: page.shopOrigin,
      bearer,
      timeoutMs: page.timeoutMs,
    });
    if (exchange.kind === 'unreachable') throw exchange.error;
    return { status: exchange.status, text: exchange.text };
  };

  const cacheable = (call: PlatformCall) =>
    platform.cache !== undefined &&
    (call.method ?? 'GET') === 'GET' &&
    call.body === undefined &&
    call.headers === undefined &&
    cachePreset(call.path) !== null;

  return {
    async call<T>(call: PlatformCall): Promise<PlatformResponse<T>> {
      const { path } = call;
      if (!path.startsWith('/') || path.startsWith('//'))
        throw new Error(`Bad platform path ${path}`);
      let answer: CachedAnswer;
      if (cacheable(call)) {
        const cached = await platform.cache!.get(page.shopOrigin, path, () => send(call, null));
        page.onCache?.(cached.status);
        page.onCall?.(path, cached.version ?? null);
        answer = cached.answer;
      } else {
        page.onCall?.(path, null);
        answer = await send(call, page.accessToken());
      }
      const { status, text } = answer;
      let parsed: unknown = null;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        parsed = text; // Not JSON: the text as is.
      }
      return { ok: status < 400, status, body: parsed as T };
    },
  };
}
