import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { MemoryStore } from './adapter';
import { claimsOf, identityBySub } from './identities';
import type { IdpClient } from './config';
import { handleInteraction, send } from './interactions';
import { errorPage } from './pages';

// The demo OpenID Connect provider (oidc-provider): authorization code flow with PKCE S256 only,
// confidential clients, ID tokens that carry the e-mail claims (the shop reads nothing else), and
// its own sign-in and consent pages under /interaction/.
export type IdpOptions = {
  issuer: string;
  clients: readonly IdpClient[];
  /** Private signing keys (JWK); the public halves are served at /jwks. */
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
};

export function createProvider(ProviderClass: typeof Provider, options: IdpOptions): Provider {
  return new ProviderClass(options.issuer, {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: client.name,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    adapter: MemoryStore,
    jwks: options.jwks,
    cookies: { keys: options.cookieKeys },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The e-mail claims go into the ID token itself (the shop verifies only the ID token).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 300,
      AccessToken: 300,
      Interaction: 600,
      Session: 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const identity = identityBySub(sub);
      if (!identity) return undefined;
      return { accountId: sub, claims: () => claimsOf(identity) };
    },
    renderError: (
      ctx: { type: string; body: string },
      out: { error_description?: string; error?: string },
    ) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error ?? 'Unknown error');
    },
  });
}

/** The node request handler: the interaction pages, and oidc-provider for everything else. */
export function idpHandler(provider: Provider) {
  const callback = provider.callback();
  return (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?\/?$/.exec(
      (req.url ?? '/').split('?')[0]!,
    );
    if (!match) return callback(req, res);
    handleInteraction(provider, req, res, match[2]).catch(() => {
      if (!res.headersSent) send(res, 400, errorPage('This sign-in could not go on.'));
      else res.end();
    });
  };
}
