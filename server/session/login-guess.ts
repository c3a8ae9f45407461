import type { TokenCookies } from './cookies';

// What the gateway can tell of a visitor before uaa answers (ADR 0270): the context call starts
// at once with this guess as its isLoggedIn, and is asked again when the account's answer says
// otherwise (as a guest's, beside the renewal of a token uaa refused: ADR 0305). It also decides
// which documents may send their head early (render/early-document.ts). The specification's rule
// is unchanged: a visitor is logged in only when both token cookies exist and the account call
// returns an id. The guess only decides whether the first context call's query was right. A JWT
// access token whose payload says `acc: null` (the reference uaa's guest sessions) is guessed a
// guest; any other token with both cookies, signed in.
export function guessLoggedIn({ accessToken, refreshToken }: TokenCookies): boolean {
  if (!accessToken || !refreshToken) return false;
  return !guestClaim(accessToken);
}

/** The payload of a JWT says explicitly that it names no account. Read, never verified. */
function guestClaim(token: string): boolean {
  const first = token.indexOf('.');
  const second = token.indexOf('.', first + 1);
  if (first < 1 || second === -1) return false;
  try {
    const claims: unknown = JSON.parse(
      Buffer.from(token.slice(first + 1, second), 'base64url').toString(),
    );
    return typeof claims === 'object' && claims !== null && 'acc' in claims && !claims.acc;
  } catch {
    return false;
  }
}
