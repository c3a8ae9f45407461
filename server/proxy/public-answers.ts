import type { IncomingHttpHeaders } from 'node:http';
import { cachePreset } from '../cache/subrequest-cache';

// Public catalogue and CMS data through the proxy (issue #11 item 4, docs/decisions/0155): the
// same list the sub-request cache holds (products, search, suggestions, brands, categories, CMS
// content; never offerings, carts or anything of a shopper's). Such a GET is sent WITHOUT the
// visitor's token, so its answer cannot be personal, and it keeps a public cache policy — the
// upstream's own, or one from the list's freshness when the upstream sent none.

/** The cache policy of a public GET of `path` (the contract's path and query), or null. */
export function publicAnswerPolicy(method: string, path: string): string | null {
  if (method !== 'GET') return null;
  const preset = cachePreset(path);
  if (!preset) return null;
  return `public, max-age=${preset.ttl / 1000}, stale-while-revalidate=${preset.stale / 1000}`;
}

/** The downstream headers of a public answer: the upstream's policy, or `policy` without one. */
export function withPublicPolicy(
  headers: IncomingHttpHeaders,
  policy: string,
): IncomingHttpHeaders {
  return headers['cache-control'] ? headers : { ...headers, 'cache-control': policy };
}
