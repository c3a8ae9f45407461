// The request target and Host as the gateway trusts them (issue #12 items 3, 4 and 6;
// docs/decisions/0120, 0122):
// - `routePath`: the path the router matches (percent-decoded, as find-my-way decodes it), so that
//   rules keyed on a path (CSRF, rate limits) cannot be skipped by `/%61uth/sign-out`;
// - a page target must be a plain origin-form path: `//host/x`, backslashes, control characters
//   and dot segments are refused, so a page request's URL cannot take another origin;
// - the Host must be a host name (or IPv4) with a valid port, sent once.

/** The path the router matches: the target before `?`, percent-decoded (null: undecodable). */
export function routePathOf(rawUrl: string): string | null {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

const CONTROL = /[\x00-\x1f\x7f]/;

/** Why a page target cannot be served, or null. */
export function pageTargetProblem(rawUrl: string): string | null {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (!path.startsWith('/')) return 'not an origin-form target';
  if (path.startsWith('//')) return 'target starts with //';
  if (path.includes('\\')) return 'backslash in the path';
  const decoded = routePathOf(rawUrl);
  if (decoded === null) return 'malformed percent-encoding';
  if (CONTROL.test(decoded) || CONTROL.test(rawUrl)) return 'control character';
  if (decoded.startsWith('//') || decoded.includes('\\')) return 'encoded separator';
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..'))
    return 'dot segment';
  return null;
}

/** The page's URL: the trusted shop origin and the (checked) target, nothing else. */
export function pageUrl(shopOrigin: string, rawUrl: string): URL {
  const url = new URL(shopOrigin);
  const queryAt = rawUrl.indexOf('?');
  url.pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  url.search = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  return url;
}

const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*)(:(\d{1,5}))?$/i;

// Hosts already found well-formed: a shop has a handful, and every request checks its own. At most
// 64 are remembered (all forgotten when full), each a valid host name of at most 255 characters.
const WELL_FORMED = new Set<string>();

/** Why a Host header value cannot name a shop, or null. */
export function hostProblem(host: string | undefined): string | null {
  if (!host) return 'missing Host header';
  if (WELL_FORMED.has(host)) return null;
  const match = HOST.exec(host);
  if (!match) return 'malformed Host header';
  const port = match[4];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return 'port out of range';
  if (host.length <= 255) {
    if (WELL_FORMED.size >= 64) WELL_FORMED.clear();
    WELL_FORMED.add(host);
  }
  return null;
}

/** How many Host headers the client sent (Node keeps only the first). */
export function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 4 && (name === 'Host' || name === 'host' || name.toLowerCase() === 'host'))
      count++;
  }
  return count;
}
