import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { startIdp, type RunningIdp } from '../../platform/idp/server';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { CookieJar } from './cookie-jar';
import { startPlatform, type TestPlatform } from './platform';
import { closeGateway } from './close-gateway';

// The shop with the platform's demo OpenID Connect provider configured as "Demo ID", as npm start
// does: the provider on its own port, uaa trusting its ID tokens, the gateway as relying party.
export const CLIENT = { id: 'storefront', secret: 'test-client-secret-0123456789' } as const;
export const COOKIE_SECRET = 'test-cookie-secret-0123456789abcdef0123456789';

export type SocialShop = {
  url: string;
  idp: RunningIdp;
  platform: TestPlatform;
  gateway: FastifyInstance;
  close(): Promise<void>;
};

/** `logStream`: where the gateway's log lines go (with `LOG_LEVEL` in `env`). */
export async function startSocialShop(
  env: Record<string, string> = {},
  extraProviders: Record<string, string>[] = [],
  logStream?: { write(line: string): void },
): Promise<SocialShop> {
  let shopUrl = '';
  const idp = await startIdp({
    port: 0,
    host: '127.0.0.1',
    clients: () => [
      {
        clientId: CLIENT.id,
        clientSecret: CLIENT.secret,
        name: 'Storefront',
        redirectUris: [`${shopUrl}/auth/social/demo/callback`],
      },
    ],
  });
  const platform = await startPlatform({
    config: { trustedIssuers: [{ issuer: idp.url, audience: CLIENT.id }] },
  });
  const config = loadConfig({
    PLATFORM_URL: platform.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    SOCIAL_PROVIDERS: JSON.stringify([
      {
        id: 'demo',
        name: 'Demo ID',
        discoveryUrl: `${idp.url}/.well-known/openid-configuration`,
        clientId: CLIENT.id,
        clientSecret: CLIENT.secret,
      },
      ...extraProviders,
    ]),
    SOCIAL_COOKIE_SECRET: COOKIE_SECRET,
    SOCIAL_TIMEOUT_MS: '1500',
    ...env,
  });
  const gateway = await buildApp(config, { logStream });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  shopUrl = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
  return {
    url: shopUrl,
    idp,
    platform,
    gateway,
    close: async () => {
      await closeGateway(gateway);
      await platform.close();
      await idp.close();
    },
  };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** "Continue with Demo ID": the form post to /social-login; answers the provider's sign-in URL. */
export async function continueWith(
  shop: SocialShop,
  jar: CookieJar,
  returnTo = '/',
): Promise<string> {
  const response = await jar.fetch(`${shop.url}/social-login`, {
    ...form({ intent: 'social', provider: 'demo', returnTo }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
  });
  if (response.status !== 303) throw new Error(`start answered ${response.status}`);
  return response.headers.get('location')!;
}

/**
 * Follows the provider's pages as a person would: sign in as `username`, then Allow (or Deny).
 * Answers the URL of the shop's callback the provider redirects to, not yet visited.
 */
export async function throughProvider(
  jar: CookieJar,
  authorizeUrl: string,
  username: string,
  answer: 'allow' | 'deny' = 'allow',
): Promise<string> {
  let url = authorizeUrl;
  for (let step = 0; step < 12; step += 1) {
    if (!url.startsWith(new URL(authorizeUrl).origin)) return url;
    const response = await jar.fetch(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = (step: string) => new RegExp(`action="([^"]*/${step})"`).exec(html)?.[1];
    const target = action('login') ?? action(answer === 'allow' ? 'confirm' : 'abort');
    if (!target)
      throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
    const fields: Record<string, string> = action('login')
      ? { username, password: 'demo1234' }
      : {};
    const next = await jar.fetch(new URL(target, url).href, form(fields));
    url = new URL(next.headers.get('location') ?? url, url).href;
  }
  throw new Error('too many provider steps');
}
