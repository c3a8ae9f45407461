// Redirect targets: a same-origin path, or an absolute https URL whose host is on an allow-list.
// Anything else (//evil.com, /\evil.com, https://evil, CR/LF, javascript:) is refused.
export type RedirectPolicy = { allowedHosts?: readonly string[] };
/** Longest redirect target accepted. */
export const MAX_REDIRECT_LENGTH = 2048;

const CONTROL = /[\u0000-\u001f\u007f]/;

export function isSafeLocalPath(target: string): boolean {
  if (CONTROL.test(target) || target.includes('\\')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return false;
  }
  if (CONTROL.test(decoded) || decoded.includes('\\')) return false;
  return target.startsWith('/') && !target.startsWith('//') && !decoded.startsWith('//');
}

/** Returns the target when it is safe, otherwise null. */
export function safeRedirectTarget(target: string, policy: RedirectPolicy = {}): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_REDIRECT_LENGTH)
    return null;
  if (isSafeLocalPath(target)) return target;
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
  return target && isSafeLocalPath(target) ? target : '/';
}
