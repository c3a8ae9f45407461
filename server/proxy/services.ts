import { findPathEscape } from './path-guard';

// The services the browser may reach through /api/services/{service}/* are the configured list
// (PROXY_SERVICES, upstream/service-urls.ts), each sent to its upstream's base URL (SERVICE_URLS,
// else PLATFORM_URL) + /api/services/{service}/...: the target never comes from the Host header
// or the path (security checklist, SSRF row). Adding a service is a configuration change.
const PREFIX = '/api/services/';

export type ResolvedTarget =
  | { ok: true; service: string; path: string }
  | { ok: false; status: 400 | 404; code: string; message: string };

/**
 * Maps the raw request URL to the service and the upstream path and query (the contract's, before
 * the upstream's base URL), or says why it is refused.
 */
export function resolveTarget(rawUrl: string, known: ReadonlySet<string>): ResolvedTarget {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : rawUrl.slice(queryAt);
  if (!path.startsWith(PREFIX)) return notFound('Unknown service');

  // The escape check runs on the whole raw path, before the service is even looked at.
  const escape = findPathEscape(path);
  if (escape)
    return { ok: false, status: 400, code: 'bad_path', message: `Refused path: ${escape}` };

  const slash = path.indexOf('/', PREFIX.length);
  const service = slash === -1 ? path.slice(PREFIX.length) : path.slice(PREFIX.length, slash);
  const rest = slash === -1 ? '' : path.slice(slash);
  if (!known.has(service)) return notFound(`Unknown service: ${service.slice(0, 40)}`);
  if (service === 'uaa' && isTokenEndpoint(rest))
    return notFound('Not available through the proxy');
  return { ok: true, service, path: `${PREFIX}${service}${rest}${query}` };
}

// uaa endpoints that hand out or take tokens are the gateway's business only (/auth/* here):
// refused by segment, ignoring case and ;matrix parameters some servers strip.
export const TOKEN_SEGMENTS: readonly string[] = [
  'auth',
  'oauth',
  'oauth2',
  'sign-in',
  'sign-out',
  'refresh',
  'login',
  'logout',
];
const TOKEN = new Set(TOKEN_SEGMENTS);

export function isTokenEndpoint(rest: string): boolean {
  const segments = decodeURIComponent(rest)
    .toLowerCase()
    .split('/')
    .map((segment) => segment.split(';')[0] ?? '');
  return segments.some((segment) => TOKEN.has(segment) || segment.includes('token'));
}

function notFound(message: string): ResolvedTarget {
  return { ok: false, status: 404, code: 'not_found', message };
}
