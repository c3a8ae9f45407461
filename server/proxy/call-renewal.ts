import type { FastifyBaseLogger } from 'fastify';
import { renewAccessToken, type Renewal, type RenewalDeps } from '../session/access-token';
import type { TokenCookies } from '../session/cookies';
import { provesSession } from '../session/session-proof';

/** What of a proxied call (./engine.ts's ProxyCall) its renewal reads. */
type RenewingCall = {
  tokens: TokenCookies;
  cid: string;
  shopOrigin: string;
  address: string | undefined;
  proof: string | undefined;
  log(): FastifyBaseLogger;
};

/**
 * A proxied call's renewal of its access token (../session/access-token.ts), made once by the
 * engine (./engine.ts): before the call when the token is about to expire (`ahead`: that token,
 * which uaa's refusal leaves in use), or after a 401 (`ahead` null). A renewal that throws (uaa
 * unreachable) changes nothing: the call goes on with the token it has, and the line says why.
 * It says who asks, as a page's renewal does (ADR 0357): the visitor's address, and whether the
 * refresh cookie carries the gateway's proof; a made-up one is refused without a uaa call once its
 * address has spent its budget of failed renewals.
 */
export async function renewForCall(
  deps: RenewalDeps,
  call: RenewingCall,
  ahead: string | null,
): Promise<Renewal> {
  const refreshToken = call.tokens.refreshToken!;
  const ctx = {
    cid: call.cid,
    shopOrigin: call.shopOrigin,
    address: call.address,
    vouched: provesSession(refreshToken, call.shopOrigin, call.proof, deps.config.pageProofSecret),
  };
  try {
    return await renewAccessToken(deps, refreshToken, ctx, call.log(), ahead);
  } catch (error) {
    call.log().warn({ err: error }, 'token refresh failed; using the current token');
    return { kind: 'kept' };
  }
}
