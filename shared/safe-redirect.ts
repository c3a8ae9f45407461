// Redirect targets: a same-origin path, or an absolute https URL whose host is on an allow-list.
// Anything else (//evil.com, /\evil.com, https://evil, CR/LF, javascript:) is refused. What is
// given back is always a valid Location header value (a path's non-ASCII percent-encoded).
export type RedirectPolicy = { allowedHosts?: readonly string[] };
/** Longest redirect target accepted. */
export const MAX_REDIRECT_LENGTH = 2048;

const CONTROL = /[\u0000-\u001f\u007f]/;
// A surrogate not in a pair (the `u` flag reads a pair as one character): it has no UTF-8 form,
// so no percent-encoding either.
const LONE_SURROGATE = /[\ud800-\udfff]/u;
// What a Location header may carry as it is: visible ASCII. A header value is bytes (Node throws
// on a character above U+00FF) and a URL is ASCII, so a browser would read anything else wrongly.
const NOT_VISIBLE_ASCII = /[^\x21-\x7e]+/gu;

export function isSafeLocalPath(target: string): boolean {
  if (CONTROL.test(target) || target.includes('\\') || LONE_SURROGATE.test(target)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return false;
  }
  if (CONTROL.test(decoded) || decoded.includes('\\')) return false;
  return target.startsWith('/') && !target.startsWith('//') && !decoded.startsWith('//');
}

/** Returns the target when it is safe, as a Location header value; otherwise null. */
export function safeRedirectTarget(target: string, policy: RedirectPolicy = {}): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_REDIRECT_LENGTH)
    return null;
  if (isSafeLocalPath(target)) return asLocation(target);
  if (CONTROL.test(target) || target.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return (policy.allowedHosts ?? []).includes(url.hostname.toLowerCase()) ? url.href : null;
}

/** A return path for after sign-in: same-origin only, otherwise the home page. */
export function safeReturnPath(target: string | null | undefined): string {
  return target && isSafeLocalPath(target) ? asLocation(target) : '/';
}

/**
 * A safe local path as a Location header value: what is not visible ASCII (`/中`, a space)
 * percent-encoded as UTF-8, as a browser would send it (`/%E4%B8%AD`). Escapes already there
 * stay as they are, so a path is encoded once however often it comes through here.
 */
function asLocation(path: string): string {
  return path.replace(NOT_VISIBLE_ASCII, (run) => encodeURIComponent(run));
}
