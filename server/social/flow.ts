import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';
import { safeReturnPath } from '../../shared/safe-redirect';
import { socialCallbackPath, type SocialErrorCode } from '../../shared/social-sign-in';
import { visibleText } from '../../shared/visible-text';
import type { Config } from '../config';
import { readTokenCookies, setTokenCookies } from '../session/cookies';
import type { Refresher } from '../session/refresh';
import { externalSignIn } from '../uaa/external';
import type { Platform } from '../upstream/platform';
import type { ProviderRegistry } from './providers';
import {
  TRANSACTION_COOKIE,
  TRANSACTION_PATH,
  TRANSACTION_SECONDS,
  type TransactionSealer,
} from './transaction';

// Sign-in through an OpenID Connect provider, the gateway being the relying party (BFF; ADR 0180):
// authorization code + PKCE S256 + state + nonce; the transaction in an encrypted cookie; the code
// exchanged and the ID token verified here; uaa gets the ID token and answers with the shop's own
// token pair, which only goes into the httpOnly cookies. Nothing of the provider reaches the browser.
export type SocialDeps = {
  config: Config;
  platform: Platform;
  registry: ProviderRegistry;
  sealer: TransactionSealer;
  /** States already used in this process: a replayed callback fails before the provider is asked. */
  usedStates: LRUCache<string, true>;
  /** The guest's newest refresh token, for the cart merge (../session/refresh.ts). */
  refresher: Pick<Refresher, 'newest'>;
};

export type StartOutcome =
  { kind: 'redirect'; url: string } | { kind: 'error'; code: SocialErrorCode };

const cookieOptions = (config: Config) => ({
  httpOnly: true,
  secure: config.cookieSecure,
  sameSite: 'lax' as const,
  path: TRANSACTION_PATH,
});

export async function startSocialSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SocialDeps,
  input: { providerId: string; returnTo: string },
): Promise<StartOutcome> {
  const provider = deps.registry.get(input.providerId);
  if (!provider) return { kind: 'error', code: 'unknown_provider' };
  let configuration: oidc.Configuration;
  try {
    configuration = await deps.registry.configuration(provider);
  } catch (error) {
    request.log.warn({ provider: provider.id, err: error }, 'social sign-in: discovery failed');
    return { kind: 'error', code: 'unavailable' };
  }
  const verifier = oidc.randomPKCECodeVerifier();
  const tx = {
    provider: provider.id,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier,
    origin: request.shopOrigin,
    returnTo: safeReturnPath(input.returnTo),
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: `${request.shopOrigin}${socialCallbackPath(provider.id)}`,
    scope: provider.scopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: tx.state,
    nonce: tx.nonce,
  });
  reply.setCookie(TRANSACTION_COOKIE, await deps.sealer.seal(tx), {
    ...cookieOptions(deps.config),
    maxAge: TRANSACTION_SECONDS,
  });
  return { kind: 'redirect', url: url.href };
}

/** Where the browser goes after the provider's redirect back: returnTo, or /social-login?error=. */
export async function finishSocialSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SocialDeps,
  providerId: string,
): Promise<string> {
  // The transaction is over whatever happens next.
  reply.clearCookie(TRANSACTION_COOKIE, cookieOptions(deps.config));
  const tx = await deps.sealer.open(request.cookies[TRANSACTION_COOKIE]);
  // Checked again: a transaction stored by an older gateway may hold a path not yet encoded.
  const returnTo = typeof tx === 'object' ? safeReturnPath(tx.returnTo) : '/';
  const fail = (code: SocialErrorCode, detail?: unknown) => {
    request.log.info(
      { provider: providerId, code, detail: describe(detail) },
      'social sign-in failed',
    );
    const query = new URLSearchParams({ error: code, provider: providerId, returnTo });
    return `/social-login?${query}`;
  };

  if (tx === 'missing' || tx === 'expired') return fail('expired');
  if (tx === 'invalid') return fail('state', 'undecryptable transaction');
  const currentUrl = new URL(request.url, request.shopOrigin);
  const state = currentUrl.searchParams.get('state');
  if (tx.provider !== providerId || tx.origin !== request.shopOrigin || state !== tx.state)
    return fail('state', 'state or provider mismatch');
  if (deps.usedStates.has(tx.state)) return fail('state', 'replayed state');
  deps.usedStates.set(tx.state, true);
  const providerError = currentUrl.searchParams.get('error');
  if (providerError)
    return fail(providerError === 'access_denied' ? 'denied' : 'invalid', providerError);

  const provider = deps.registry.get(providerId);
  if (!provider) return fail('unknown_provider');
  let idToken: string | undefined;
  try {
    const configuration = await deps.registry.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      currentUrl,
      {
        pkceCodeVerifier: tx.verifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: `${request.shopOrigin}${socialCallbackPath(provider.id)}` },
    );
    idToken = tokens.id_token;
  } catch (error) {
    return fail(unreachable(error) ? 'unavailable' : 'invalid', error);
  }
  if (!idToken) return fail('invalid', 'no ID token');

  const ctx = { cid: request.cid, shopOrigin: request.shopOrigin };
  const guest = readTokenCookies(request).refreshToken;
  const guestRefreshToken = guest ? await deps.refresher.newest(guest, ctx) : undefined;
  const result = await externalSignIn(deps.platform, deps.config.timeouts.context, ctx, {
    idToken,
    guestRefreshToken,
  });
  if (result.kind === 'refused') {
    const known = ['email_conflict', 'email_not_verified', 'cart_too_large'].includes(result.code);
    return fail(known ? (result.code as SocialErrorCode) : 'failed', `uaa: ${result.code}`);
  }
  if (result.kind === 'failed') return fail('failed', `uaa: ${result.status} ${result.reason}`);
  setTokenCookies(reply, result.pair, deps.config);
  return returnTo;
}

// Network faults, timeouts and a provider's 5xx mean "try later"; anything else failed a check.
function unreachable(error: unknown): boolean {
  type Fault = { name?: string; message?: string; cause?: unknown; status?: number };
  for (let e = error as Fault | undefined; e; e = e.cause as Fault | undefined) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (e.name === 'TypeError' && /fetch failed/.test(e.message ?? '')) return true;
    if (typeof e.status === 'number' && e.status >= 500) return true;
  }
  return false;
}

// A detail may be the visitor's words (the callback's `error`, a provider's message quoting its
// query): its hidden characters are replaced (docs/decisions/0387).
function describe(detail: unknown): string | undefined {
  if (detail === undefined) return undefined;
  if (detail instanceof Error) return visibleText(`${detail.name}: ${detail.message}`);
  return visibleText(String(detail));
}
