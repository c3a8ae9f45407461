import { randomBase64 } from '../request/random-bytes';

// Content-Security-Policy with a fresh nonce per response: only scripts carrying the nonce (React
// Router's hydration scripts and module preloads) and what they load ('strict-dynamic') run.
export function createNonce(): string {
  return randomBase64(16);
}

/** `formOrigins`: where a form post may end up after redirects (the sign-in providers, ADR 0180). */
export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  formOrigins: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formOrigins].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * "Continue with" posts a form that the gateway redirects to the provider: CSP form-action must
 * allow the providers' origins, or the browser stops at the redirect.
 */
export function signInFormOrigins(providers: readonly { discoveryUrl: string }[]): string[] {
  return [...new Set(providers.map((p) => new URL(p.discoveryUrl).origin))];
}
