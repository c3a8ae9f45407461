// The request target and Host as the gateway trusts them (issue #12 items 3, 4 and 6; issue #24
// item 3; docs/decisions/0120, 0122, 0211):
// - `routePath`: the path the router matches (percent-decoded, as find-my-way decodes it), so that
//   rules keyed on a path (CSRF, rate limits) cannot be skipped by `/%61uth/sign-out`;
// - every target is at most TARGET_LIMIT long (414), whatever it is for;
// - a page target must be a plain origin-form path: `//host/x`, backslashes, control characters
//   and dot segments are refused, so a page request's URL cannot take another origin; its path
//   fits the CMS context call (at most PAGE_PATH_LIMIT, none of the characters a browser always
//   encodes), so nothing a visitor puts in the URL makes that call fail; it has at most
//   PAGE_SEGMENT_LIMIT segments (the render matches every path above a page's, ADR 0297);
// - the Host must be a host name (or IPv4) of at most 255 characters with a valid port, sent once.

/** The longest request target (path and query) the gateway serves, as common proxies (8 KiB). */
export const TARGET_LIMIT = 8192;

/**
 * The longest page path: the pathname the CMS context call accepts (4,000 characters). With the
 * characters below refused, the call's query is at most 3x the path, within Node's 16 KiB of
 * request line and headers on the platform.
 */
export const PAGE_PATH_LIMIT = 4000;

/**
 * The most segments of a page path. React Router puts in a document's manifest the routes of
 * every path above the page's, each found by matching the route table: a path of 2,000 one-letter
 * segments cost ~250 ms of the gateway's CPU (ADR 0297). The shop's deepest screens have 4.
 */
export const PAGE_SEGMENT_LIMIT = 64;

/** Why a target is refused, in the gateway's error shape. */
export type TargetProblem = {
  status: 400 | 414;
  code: 'bad_path' | 'uri_too_long';
  message: string;
};

const TOO_LONG: TargetProblem = {
  status: 414,
  code: 'uri_too_long',
  message: `Request target longer than ${TARGET_LIMIT} characters`,
};

/**
 * Why a request target is not one the gateway's routes take, or null: only origin-form (`/path`,
 * and `*` for OPTIONS). Absolute-form (`http://host/path`) and authority-form (`host:443`) are
 * refused, since Fastify's router would match their path while every rule keyed on the target
 * (CSRF, rate limits, page and proxy rules) sees something else (issue #27 item 2, ADR 0247).
 */
export function targetFormProblem(method: string, rawUrl: string): TargetProblem | null {
  if (rawUrl.startsWith('/') || (rawUrl === '*' && method === 'OPTIONS')) return null;
  return NOT_ORIGIN_FORM;
}

const NOT_ORIGIN_FORM: TargetProblem = {
  status: 400,
  code: 'bad_path',
  message: 'Request target must be a path (origin-form), not an absolute URL or authority',
};

/** Why a request target (any request: page, proxy, the gateway's own) is refused, or null. */
export function targetProblem(rawUrl: string): TargetProblem | null {
  return rawUrl.length > TARGET_LIMIT ? TOO_LONG : null;
}

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
// What a browser always percent-encodes in a path (WHATWG URL's path percent-encode set, less what
// Node refuses itself); `"` would take 6 characters in the context call's query.
const BROWSER_ENCODED = /["<>`{}]/;

const refused = (reason: string): TargetProblem => ({
  status: 400,
  code: 'bad_path',
  message: `Refused path: ${reason}`,
});

const PAGE_PATH_TOO_LONG: TargetProblem = {
  status: 414,
  code: 'uri_too_long',
  message: `Page path longer than ${PAGE_PATH_LIMIT} characters`,
};

const PAGE_PATH_TOO_DEEP: TargetProblem = {
  status: 414,
  code: 'uri_too_long',
  message: `Page path of more than ${PAGE_SEGMENT_LIMIT} segments`,
};

/** More than PAGE_SEGMENT_LIMIT slashes (each begins a segment). */
function tooDeep(path: string): boolean {
  let slashes = 0;
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1))
    if (++slashes > PAGE_SEGMENT_LIMIT) return true;
  return false;
}

/** Why a page target cannot be served, or null. */
export function pageTargetProblem(rawUrl: string): TargetProblem | null {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (path.length > PAGE_PATH_LIMIT) return PAGE_PATH_TOO_LONG;
  if (tooDeep(path)) return PAGE_PATH_TOO_DEEP;
  if (!path.startsWith('/')) return refused('not an origin-form target');
  if (path.startsWith('//')) return refused('target starts with //');
  if (path.includes('\\')) return refused('backslash in the path');
  if (BROWSER_ENCODED.test(path)) return refused('a character browsers always encode');
  const decoded = routePathOf(rawUrl);
  if (decoded === null) return refused('malformed percent-encoding');
  if (CONTROL.test(decoded) || CONTROL.test(rawUrl)) return refused('control character');
  if (decoded.startsWith('//') || decoded.includes('\\')) return refused('encoded separator');
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..'))
    return refused('dot segment');
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

/** The longest Host the gateway takes (a DNS name is at most 253 characters). */
export const HOST_LIMIT = 255;

// Hosts already found well-formed: a shop has a handful, and every request checks its own. At most
// 64 are remembered (all forgotten when full), each a valid host name of at most HOST_LIMIT.
const WELL_FORMED = new Set<string>();

/** Why a Host header value cannot name a shop, or null. */
export function hostProblem(host: string | undefined): string | null {
  if (!host) return 'missing Host header';
  if (WELL_FORMED.has(host)) return null;
  if (host.length > HOST_LIMIT) return `Host longer than ${HOST_LIMIT} characters`;
  const match = HOST.exec(host);
  if (!match) return 'malformed Host header';
  const port = match[4];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return 'port out of range';
  // The shop's URL is made of it: a name ending in a number must be an IPv4 address (`shop.1`,
  // `x.127.0.0.1` are no URL host; found by the fuzz suite, a 500 of the page's context).
  if (!URL.canParse(`http://${host}/`)) return 'malformed Host header';
  if (WELL_FORMED.size >= 64) WELL_FORMED.clear();
  WELL_FORMED.add(host);
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
