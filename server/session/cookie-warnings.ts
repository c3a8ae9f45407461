// Loud misconfiguration of the token cookies (issue #25 item 6). With COOKIE_SECURE=true the
// browser keeps the token cookies only from an https page (or a localhost one, which browsers
// trust): a sign-in over plain http answers 200 and the visitor stays signed out. The gateway
// itself speaks plain http; https is a TLS proxy's, believed only from TRUST_PROXY peers.
import type { Config } from '../config';

const LOOPBACK = /^(localhost|[\w.-]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

/**
 * The warning for the first request a visitor's browser would lose the cookies on, or null: Secure
 * cookies, no proxy trusted to say https, and a host that is not this machine's. Not at start: the
 * gateway cannot know its hosts before it is asked, and on a developer's machine (`npm start`,
 * http://localhost) browsers keep Secure cookies, so a warning at every start was noise there
 * (docs/decisions/0329). A deployment meets it at its first request (a balancer's probe included).
 */
export function plainHostCookieWarning(
  config: Pick<Config, 'cookieSecure' | 'trustProxy'>,
  hostname: string,
): string | null {
  if (!config.cookieSecure || config.trustProxy.length > 0 || LOOPBACK.test(hostname)) return null;
  return (
    `COOKIE_SECURE=true and no TRUST_PROXY, and ${JSON.stringify(hostname)} was asked for over ` +
    'plain http: browsers keep the token cookies only over https (or on localhost), and this ' +
    'gateway serves plain http; behind a TLS proxy list it in TRUST_PROXY, on a plain-http host ' +
    'set COOKIE_SECURE=false'
  );
}

export type SignInRequest = {
  protocol: string;
  hostname: string;
  /** The TCP peer, and whether it sent X-Forwarded-Proto. */
  peer: string | undefined;
  forwardedProto: string | undefined;
};

/** The warning for a sign-in whose Secure cookies the browser will drop, or null. */
export function signInCookieWarning(
  config: Pick<Config, 'cookieSecure'>,
  request: SignInRequest,
): string | null {
  if (!config.cookieSecure || request.protocol === 'https') return null;
  if (LOOPBACK.test(request.hostname)) return null;
  const hint =
    request.forwardedProto === 'https'
      ? `X-Forwarded-Proto: https came from ${request.peer ?? 'a peer'}, which is not in TRUST_PROXY: list the TLS proxy there`
      : 'serve the shop over https (a TLS proxy listed in TRUST_PROXY) or set COOKIE_SECURE=false';
  return `sign-in over plain http with COOKIE_SECURE=true: the browser drops the Secure token cookies and the visitor stays signed out; ${hint}`;
}

/**
 * The warning at start for replicas that cannot read each other's proofs, or null: REDIS_URL says
 * the gateway runs beside others, and no PAGE_PROOF_SECRET (nor SOCIAL_COOKIE_SECRET) gives them
 * one key, so each signs the page proofs (ADR 0244) and the session proofs (ADR 0357) with its
 * own: a shopper's session set by one replica is budgeted as a made-up one by the others.
 */
export function replicaProofWarning(
  config: Pick<Config, 'redisUrl' | 'pageProofSecret'>,
): string | null {
  if (!config.redisUrl || config.pageProofSecret) return null;
  return (
    'REDIS_URL is set (several gateways) but no PAGE_PROOF_SECRET nor SOCIAL_COOKIE_SECRET: ' +
    "each gateway signs page and session proofs with a key of its own and refuses the others'; " +
    'set PAGE_PROOF_SECRET to one value on every gateway'
  );
}
