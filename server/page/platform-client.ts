import type { PlatformCall, PlatformClient, PlatformResponse } from '../../shared/load-context';
import { cachePreset, type CacheStatus, type CachedAnswer } from '../cache/subrequest-cache';
import type { Platform } from '../upstream/platform';
import { callPlatform } from '../upstream/platform-call';

// Server-side calls of route loaders and actions to the platform: the page's product headers and
// the visitor's access token through the gateway's platform call. The token stays inside this
// closure; loaders only see the answers. A network fault or timeout throws, as fetch would.
// Public data (catalogue, CMS content) goes through the platform's sub-request cache, fetched
// without the token (ADR 0153). A page's private calls start before uaa has answered (ADR 0270):
// they carry the token the page context settles on (`accessToken`), and one refused with a token
// the account call has since renewed is sent once more with the new one (`renewedToken`).
// `prefetch` starts a GET before any loader asks for it; the first call for that path takes it.
// `refresh` reads a public answer for a page filled from a template, which showed it stale: the
// cache's refresh starts as a loader's read would have started it (ADR 0305).
export type PagePlatformClient = PlatformClient & {
  prefetch(path: string): void;
  refresh(path: string): void;
};

export function createPlatformClient(
  platform: Platform,
  page: {
    cid: string;
    shopOrigin: string;
    accessToken: () => string | null | Promise<string | null>;
    /** After a 401 to a private call sent with `sent`: a newer token to try once, or null. */
    renewedToken?: (sent: string | null) => Promise<string | null>;
    timeoutMs: number;
    onCache?: (status: CacheStatus) => void;
    /** Each call: a public answer's version (the sub-request cache's), or null (private). */
    onCall?: (path: string, version: number | null) => void;
  },
): PagePlatformClient {
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

  const plainGet = (call: PlatformCall) =>
    (call.method ?? 'GET') === 'GET' && call.body === undefined && call.headers === undefined;
  const cacheable = (call: PlatformCall) =>
    platform.cache !== undefined && plainGet(call) && cachePreset(call.path) !== null;

  const sendPrivate = async (call: PlatformCall): Promise<CachedAnswer> => {
    const bearer = await page.accessToken();
    const answer = await send(call, bearer);
    if (answer.status !== 401 || !page.renewedToken) return answer;
    const renewed = await page.renewedToken(bearer);
    return renewed === null ? answer : send(call, renewed);
  };
  const early = new Map<string, Promise<CachedAnswer>>();

  return {
    prefetch(path) {
      const answer = sendPrivate({ path });
      answer.catch(() => undefined); // Taken by a call, or never asked for.
      early.set(path, answer);
    },
    refresh(path) {
      if (!platform.cache || cachePreset(path) === null) return;
      platform.cache
        .get(page.shopOrigin, path, () => send({ path }, null))
        .then(
          (cached) => page.onCache?.(cached.status),
          () => undefined, // A failed refresh keeps the stale answer (the cache's rule).
        );
    },
    async call<T>(call: PlatformCall): Promise<PlatformResponse<T>> {
      const { path } = call;
      if (!path.startsWith('/') || path.startsWith('//'))
        throw new Error(`Bad platform path ${path}`);
      let answer: CachedAnswer;
      // A public answer not from the cache's fresh entries, whose names are noted (below).
      let fetched = false;
      const started = plainGet(call) ? early.get(path) : undefined;
      if (started) {
        early.delete(path);
        page.onCall?.(path, null);
        answer = await started;
      } else if (cacheable(call)) {
        const cached = await platform.cache!.get(page.shopOrigin, path, () => send(call, null));
        page.onCache?.(cached.status);
        page.onCall?.(path, cached.version ?? null);
        answer = cached.answer;
        fetched = cached.status !== 'hit';
      } else {
        page.onCall?.(path, null);
        answer = await sendPrivate(call);
        fetched = plainGet(call) && cachePreset(path) !== null;
      }
      const { status, text } = answer;
      let parsed: unknown = null;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        parsed = text; // Not JSON: the text as is.
      }
      // The products and brands it names are known to exist (ADR 0275); a hit's were noted when
      // it was fetched, and the names outlive its freshness.
      if (fetched && status === 200) platform.names?.sawAnswer(page.shopOrigin, path, parsed);
      return { ok: status < 400, status, body: parsed as T };
    },
  };
}
