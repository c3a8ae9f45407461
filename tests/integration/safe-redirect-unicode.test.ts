import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../../server/social/transaction';
import { CookieJar } from '../support/cookie-jar';
import {
  COOKIE_SECRET,
  continueWith,
  startSocialShop,
  throughProvider,
  type SocialShop,
} from '../support/social-shop';

// A return path with characters beyond Latin-1 (a search for 牛奶, a page /中) cannot go into a
// Location header as it is: Node and the Fetch API throw, and the visitor got a 500 instead of
// the redirect (after the provider's callback, their sign-in was lost). The shared safe-redirect
// rule gives such a path back percent-encoded, so each of the three redirects after sign-in
// answers as a browser would have sent the path.
let shop: SocialShop;
beforeAll(async () => {
  shop = await startSocialShop();
});
afterAll(async () => shop?.close());

const PAGE = { path: '/中', location: '/%E4%B8%AD' };
const SEARCH = { path: '/search/牛奶', location: '/search/%E7%89%9B%E5%A5%B6' };

const formPost = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
  body: new URLSearchParams(fields).toString(),
});

/** The password sign-in form of /social-login, posted without JavaScript. */
const signIn = (jar: CookieJar, returnTo: string) =>
  jar.fetch(
    `${shop.url}/social-login`,
    formPost({
      intent: 'sign-in',
      email: 'shopper@example.com',
      password: 'demo1234',
      returnTo,
    }),
  );

const tokenCookies = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split('=')[0])
    .filter((name) => name === 'access_token' || name === 'refresh_token');

async function signedInAs(jar: CookieJar): Promise<string | undefined> {
  const response = await jar.fetch(`${shop.url}/auth/session`);
  return ((await response.json()) as { account: { email: string } | null }).account?.email;
}

describe('a return path beyond Latin-1', () => {
  it('the password sign-in form redirects to it, encoded, signed in', async () => {
    const jar = new CookieJar();
    const response = await signIn(jar, PAGE.path);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(PAGE.location);
    expect(tokenCookies(response)).toEqual(['access_token', 'refresh_token']);
  });

  it('the sign-in screen sends a signed-in visitor to it, encoded', async () => {
    const jar = new CookieJar();
    expect((await signIn(jar, '/')).status).toBe(303);
    const response = await jar.fetch(
      `${shop.url}/social-login?returnTo=${encodeURIComponent(PAGE.path)}`,
    );
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get('location')).toBe(PAGE.location);
  });

  it("the provider's callback redirects to it, encoded, and keeps the social sign-in", async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(
      jar,
      await continueWith(shop, jar, SEARCH.path),
      'shopper',
    );
    const response = await jar.fetch(callback);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(SEARCH.location);
    expect(tokenCookies(response)).toEqual(['access_token', 'refresh_token']);
    expect(await signedInAs(jar)).toBe('shopper@example.com');
  });

  it('the callback encodes it too when the transaction holds it raw (sealed by an older gateway)', async () => {
    const jar = new CookieJar();
    const callback = await throughProvider(jar, await continueWith(shop, jar, '/'), 'shopper');
    const sealer = createSealer(COOKIE_SECRET);
    const host = new URL(shop.url).host;
    const tx = await sealer.open(jar.get(host, 'social_tx'));
    if (typeof tx !== 'object') throw new Error(`no transaction: ${tx}`);
    jar.set(host, 'social_tx', await sealer.seal({ ...tx, returnTo: PAGE.path }), '/auth/social');
    const response = await jar.fetch(callback);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(PAGE.location);
    expect(tokenCookies(response)).toEqual(['access_token', 'refresh_token']);
  });
});
