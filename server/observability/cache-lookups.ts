import { cacheLookups } from './metrics';
import { currentScope, type RequestScope } from './scope';
import { markSpan, withSpan } from './tracing';

// Lookups of the gateway's caches (issue #28 items 1, 3, 4): counted by cache and result in the
// metrics, tallied on the request's scope for its request line, and, for the lookups answered at
// once (page and template caches), a span of their own when tracing is on (the sub-request
// cache's lookup, which may wait for a fetch, is a span around it: ../page/platform-client.ts).
// `bypass` (not a cacheable request) is no lookup.
export type CacheName = 'subrequest' | 'page' | 'template';
export type LookupResult = 'hit' | 'stale' | 'miss' | 'bypass';

const counters = new Map<string, { inc(): void }>();

export function countCacheLookup(
  cache: CacheName,
  result: LookupResult,
  scope: RequestScope | undefined = currentScope(),
): void {
  if (result === 'bypass') return;
  const key = `${cache}:${result}`;
  let counter = counters.get(key);
  if (!counter) counters.set(key, (counter = cacheLookups.labels({ cache, result })));
  counter.inc();
  if (!scope) return;
  const tally = (scope.cache ??= {});
  tally[key] = (tally[key] ?? 0) + 1;
  if (cache !== 'subrequest')
    markSpan(scope, `cache ${cache}`, { 'storefront.cache.result': result });
}

type AsyncLookup<A extends unknown[]> = { get(...args: A): Promise<{ status: LookupResult }> };
type SyncLookup<A extends unknown[]> = { get(...args: A): unknown };

/**
 * The sub-request and page caches, watched (server/app.ts, where they are made): each `get`
 * counted by its result; the sub-request cache's inside a span. The caches themselves know
 * nothing of it. The template cache's lookups are counted by what the page made of its template
 * (../render/page-render.ts), as X-Page-Template says it.
 */
export function watchCaches<S extends unknown[], P extends unknown[]>(caches: {
  subrequest?: AsyncLookup<S> | null;
  page?: SyncLookup<P> | null;
}): void {
  const { subrequest, page } = caches;
  if (subrequest) {
    const get = subrequest.get.bind(subrequest);
    subrequest.get = async (...args: S) => {
      const scope = currentScope();
      const found = await withSpan(scope, 'cache subrequest', {}, async (span) => {
        const result = await get(...args);
        span?.setAttribute('storefront.cache.result', result.status);
        return result;
      });
      countCacheLookup('subrequest', found.status, scope);
      return found;
    };
  }
  if (page) {
    const get = page.get.bind(page);
    page.get = (...args: P) => {
      const found = get(...args);
      countCacheLookup('page', found ? 'hit' : 'miss');
      return found;
    };
  }
}
