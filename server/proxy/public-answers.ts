import type { IncomingHttpHeaders } from 'node:http';
import { cachePreset } from '../cache/subrequest-cache';

// Public catalogue and CMS data through the proxy (issue #11 item 4, docs/decisions/0155): the
// same list the sub-request cache holds (products, search, suggestions, brands, categories, CMS
// content; never offerings, carts or anything of a shopper's). Such a GET is sent WITHOUT the
// visitor's token, so its answer cannot be personal, and it keeps a public cache policy — the
// upstream's own, or one from the list's freshness when the upstream sent none.

/** The cache policy of a public GET to `upstreamUrl`, or null when the call is not public. */
export function publicAnswerPolicy(method: string, upstreamUrl: string): string | null {
  if (method !== 'GET') return null;
  // The path and query as sent upstream (the target is already checked: no dot segments, no
  // encoded separators), without parsing a URL per call.
  const pathAt = upstreamUrl.indexOf('/', upstreamUrl.indexOf('//') + 2);
  const preset = pathAt === -1 ? null : cachePreset(upstreamUrl.slice(pathAt));
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
