import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookie-jar';
import {
  continueWith,
  startSocialShop,
  throughProvider,
  type SocialShop,
} from '../support/social-shop';

// Sign-in through the platform's demo OpenID Connect provider, over real HTTP: the gateway starts
// the flow from the sign-in screen's form post, the provider's own pages sign the person in and ask
// for consent, the callback sets the shop's token cookies, uaa links or creates the account.
let shop: SocialShop;
beforeAll(async () => {
  shop = await startSocialShop();
});
afterAll(async () => shop?.close());

const host = () => new URL(shop.url).host;

async function account(jar: CookieJar) {
  const response = await jar.fetch(`${shop.url}/auth/session`);
  return ((await response.json()) as { account: { email: string } | null }).account;
}

describe('sign-in through an OpenID Connect provider', () => {
  it('offers a button per configured provider on /social-login', async () => {
    const html = await (await fetch(`${shop.url}/social-login`)).text();
    expect(html).toContain('Continue with <!-- -->Demo ID');
  });

  it('starts with PKCE S256, state and nonce, and keeps the transaction in an httpOnly cookie', async () => {
    const jar = new CookieJar();
    const location = new URL(await continueWith(shop, jar, '/orders'));
    expect(location.origin).toBe(shop.idp.url);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(location.searchParams.get('redirect_uri')).toBe(`${shop.url}/auth/social/demo/callback`);
    const cookie = jar.get(host(), 'social_tx')!;
    // Encrypted: neither the state nor the verifier can be read from it.
    expect(cookie.split('.')).toHaveLength(5);
    expect(cookie).not.toContain(location.searchParams.get('state'));
  });

  it('links the demo shopper by verified e-mail and signs in with the shop cookies only', async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(
      jar,
      await continueWith(shop, jar, '/orders'),
      'shopper',
    );
    expect(callback.startsWith(`${shop.url}/auth/social/demo/callback?`)).toBe(true);
    const response = await jar.fetch(callback);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/orders');
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('access_token='))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('refresh_token='))).toMatch(/HttpOnly/i);
    expect(await response.text()).toBe('');
    expect((await account(jar))?.email).toBe('shopper@example.com');
    const { rows } = await shop.platform.db.query<{ account_id: string }>(
      `select account_id from identities where subject = 'd3m0-5h0pp3r-0001' and tenant_id = 'fresh'`,
    );
    expect(rows[0]?.account_id).toBe('acc-fresh-demo');
  });

  it('creates an activated account without a password for a new person', async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, await continueWith(shop, jar), 'newcomer');
    expect((await jar.fetch(callback)).status).toBe(303);
    expect((await account(jar))?.email).toBe('newcomer@example.com');
    const { rows } = await shop.platform.db.query<{ activated: boolean; password_hash: string }>(
      `select activated, password_hash from accounts where email = 'newcomer@example.com' and tenant_id = 'fresh'`,
    );
    expect(rows).toEqual([{ activated: true, password_hash: '' }]);
  });
});
