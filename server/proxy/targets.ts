import { changesStateOnGet } from '../request/csrf';
import { routePathOf } from '../request/target';
import { publicAnswerPolicy } from './public-answers';
import { resolveTarget } from './services';

/** Where a proxied call goes and what its URL alone says about it (docs/decisions/0210). */
export type ProxyTarget = {
  ok: true;
  service: string;
  /** The contract's path and query (after the upstream's base URL). */
  path: string;
  /** The cache policy of a GET whose answer is public (ADR 0155), or null. */
  publicPolicy: string | null;
  /** A GET the specification makes change state (copyBookingToCart): never sent twice. */
  changesState: boolean;
};

/** Why a proxied URL is refused, in the gateway's error terms. */
export type TargetRefusal = { ok: false; status: 400 | 404; code: string; message: string };

// At most this many URLs of at most this length are remembered (~1 MB with their targets).
const MAX_REMEMBERED = 1_024;
const MAX_URL_LENGTH = 256;

/**
 * The proxy's checks of a call's URL: the service and path (`resolveTarget`), `..` anywhere in
 * the decoded path and query, whether a GET changes state, and the public-answer policy. A pure
 * function of the URL, so the answer is remembered (a shop's catalogue reads come again and
 * again); the whole memory is dropped when full.
 */
export function proxyTargets(
  /** The proxied services (PROXY_SERVICES). */
  services: readonly string[],
): (url: string) => ProxyTarget | TargetRefusal {
  const allowed = new Set(services);
  const known = new Map<string, ProxyTarget | TargetRefusal>();
  return (url) => {
    let target = known.get(url);
    if (target === undefined) {
      target = proxyTargetOf(url, allowed);
      if (url.length <= MAX_URL_LENGTH) {
        if (known.size >= MAX_REMEMBERED) known.clear();
        known.set(url, target);
      }
    }
    return target;
  };
}

/** The checks themselves, for one URL (what `proxyTargets` remembers). */
export function proxyTargetOf(
  url: string,
  services: ReadonlySet<string>,
): ProxyTarget | TargetRefusal {
  const resolved = resolveTarget(url, services);
  if (!resolved.ok) return resolved;
  const { path } = resolved;
  const routePath = routePathOf(url);
  if (routePath === null || hasDotDot(path))
    return { ok: false, status: 400, code: 'bad_path', message: 'Refused path' };
  return {
    ok: true,
    service: resolved.service,
    path,
    publicPolicy: publicAnswerPolicy('GET', path),
    changesState: changesStateOnGet(routePath),
  };
}

/** `..` starting or ending a segment anywhere in the decoded path and query (`/...slug` too). */
function hasDotDot(pathAndQuery: string): boolean {
  try {
    const decoded = decodeURIComponent(pathAndQuery);
    return decoded.includes('/..') || decoded.includes('../');
  } catch {
    return true;
  }
}
