import type { PageLimit } from '../../shared/load-context';

// Which requests count against which per-address limit (issue #12 item 5, docs/decisions/0130,
// 0242): every way to sign in, to create an account or ask for a reset, and to start a guest
// session, whether through the gateway's /auth/* endpoints, a page action (also React Router's
// `.data` form of it) or a proxied uaa call. Classified on the path as the router would match it.
// The sign-in screen's forms all post to /social-login: their action counts each by its intent
// (sign-in → 'sign-in', registration and reset → 'account', "Continue with" → none).
// 'analytics' is no path's here: its route counts a post once its Host is known to be a shop's
// (a Host that is no shop spends no address's budget, ADR 0364), still before the body is read.
export type LimitBucket = 'sign-in' | 'account' | 'guest' | 'analytics';
/**
 * Every bucket: the path's, those a page's own code takes from (the load context's limit), and
 * the error-report tunnel's events (ADR 0303), which its route counts once it has read them, and
 * the renewals uaa refused of tokens the gateway did not set (ADR 0357).
 */
export type AddressBucket = LimitBucket | PageLimit | 'error-event' | 'failed-renewal';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const RULES: readonly { bucket: LimitBucket; path: RegExp }[] = [
  { bucket: 'sign-in', path: /^\/auth\/sign-in$/ },
  { bucket: 'guest', path: /^\/auth\/guest$/ },
  { bucket: 'account', path: /^\/profile\/(reset|activation)\/[^/]+$/ },
  // uaa's account life cycle (register, activate, reset, change password) through the proxy.
  { bucket: 'account', path: /^\/api\/services\/uaa\// },
];

/**
 * The bucket of a request by its target. A page action that makes a guest session (the no-JS
 * cart form) is counted where the session is made (page/page-context.ts's ensureSession), not
 * by its cookies (issue #27 item 6).
 */
export function limitBucket(method: string, rawUrl: string): LimitBucket | null {
  if (SAFE_METHODS.has(method)) return null;
  const path = routedPath(rawUrl);
  return RULES.find((rule) => rule.path.test(path))?.bucket ?? null;
}

/** The path without query, percent-escapes, `;params`, repeated or trailing slashes, `.data`. */
export function routedPath(rawUrl: string): string {
  const queryAt = rawUrl.search(/[?#]/);
  let path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape is refused elsewhere; classify what is there
  }
  path = path
    .toLowerCase()
    .replace(/;[^/]*/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/\.data$/, '')
    .replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
