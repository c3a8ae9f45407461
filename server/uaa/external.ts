import { identityPaths } from '../../shared/contracts/identities';
import { TokenPair, UaaError } from '../../shared/contracts/uaa';
import type { Platform } from '../upstream/platform';
import { callUaa, type UaaCallContext } from './call';

// uaa's sign-in with a provider's ID token (docs/decisions/0180). uaa's refusals the shopper must
// read (an e-mail the provider has not verified) come back by code; anything else is a failure.
export type ExternalSignInResult =
  | { kind: 'ok'; pair: TokenPair }
  | { kind: 'refused'; code: string }
  | { kind: 'failed'; status: number | null; reason: string };

export async function externalSignIn(
  platform: Platform,
  timeoutMs: number,
  ctx: UaaCallContext,
  input: { idToken: string; guestRefreshToken?: string },
): Promise<ExternalSignInResult> {
  const exchange = await callUaa(platform, timeoutMs, ctx, {
    method: 'POST',
    path: identityPaths.externalSignIn,
    json: {
      id_token: input.idToken,
      ...(input.guestRefreshToken ? { guest_refresh_token: input.guestRefreshToken } : {}),
    },
  });
  if (exchange.kind !== 'answered')
    return { kind: 'failed', status: null, reason: exchange.reason };
  if (exchange.status === 200) {
    const pair = TokenPair.safeParse(exchange.body);
    return pair.success
      ? { kind: 'ok', pair: pair.data }
      : { kind: 'failed', status: 200, reason: 'body' };
  }
  const error = UaaError.safeParse(exchange.body);
  if (exchange.status >= 400 && exchange.status < 500 && error.success)
    return { kind: 'refused', code: error.data.error };
  return { kind: 'failed', status: exchange.status, reason: 'status' };
}
