import type { FastifyBaseLogger } from 'fastify';
import { renewAccessToken, type Renewal, type RenewalDeps } from '../session/access-token';
import type { TokenCookies } from '../session/cookies';

/** What of a proxied call (./engine.ts's ProxyCall) its renewal reads. */
type RenewingCall = {
  tokens: TokenCookies;
  cid: string;
  shopOrigin: string;
  log(): FastifyBaseLogger;
};

/**
 * A proxied call's renewal of its access token (../session/access-token.ts), made once by the
 * engine (./engine.ts): before the call when the token is about to expire (`ahead`: that token,
 * which uaa's refusal leaves in use), or after a 401 (`ahead` null). A renewal that throws (uaa
 * unreachable) changes nothing: the call goes on with the token it has, and the line says why.
 */
export async function renewForCall(
  deps: RenewalDeps,
  call: RenewingCall,
  ahead: string | null,
): Promise<Renewal> {
  try {
    return await renewAccessToken(
      deps,
      call.tokens.refreshToken!,
      { cid: call.cid, shopOrigin: call.shopOrigin },
      call.log(),
      ahead,
    );
  } catch (error) {
    call.log().warn({ err: error }, 'token refresh failed; using the current token');
    return { kind: 'kept' };
  }
}
