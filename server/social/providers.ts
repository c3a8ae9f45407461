import * as oidc from 'openid-client';
import type { SocialProvider } from '../config';

// The configured OpenID Connect providers. Discovery runs on first use and is kept once it
// succeeds, so a provider that is down at start only fails its own sign-ins, not the gateway.
export type PublicProvider = { id: string; name: string; issuer: string };

export type ProviderRegistry = {
  list(): PublicProvider[];
  get(id: string): SocialProvider | undefined;
  configuration(provider: SocialProvider): Promise<oidc.Configuration>;
};

const WELL_KNOWN = '/.well-known/openid-configuration';

/** The issuer identifier of a discovery URL (openid-client checks the document names it). */
export function issuerOf(discoveryUrl: string): string {
  const url = discoveryUrl.replace(/\/+$/, '');
  return url.endsWith(WELL_KNOWN) ? url.slice(0, -WELL_KNOWN.length) : url;
}

export function createProviderRegistry(
  providers: readonly SocialProvider[],
  timeoutMs: number,
): ProviderRegistry {
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  const discovered = new Map<string, oidc.Configuration>();
  return {
    list: () =>
      providers.map(({ id, name, discoveryUrl }) => ({ id, name, issuer: issuerOf(discoveryUrl) })),
    get: (id) => byId.get(id),
    async configuration(provider) {
      const known = discovered.get(provider.id);
      if (known) return known;
      const issuer = new URL(issuerOf(provider.discoveryUrl));
      const configuration = await oidc.discovery(
        issuer,
        provider.clientId,
        undefined,
        oidc.ClientSecretBasic(provider.clientSecret),
        {
          timeout: timeoutMs / 1000,
          // Plain http only passes the configuration check for a provider on this machine.
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      );
      discovered.set(provider.id, configuration);
      return configuration;
    },
  };
}
