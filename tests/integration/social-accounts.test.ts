import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookie-jar';
import {
  continueWith,
  startSocialShop,
  throughProvider,
  type SocialShop,
} from '../support/social-shop';
import { textOf } from './client-account-support';

// Linked sign-ins on the profile (issue #8 item 3): an account made by a provider has no password
// and cannot unlink its only way in; it can set a password, then unlink; signing in through the
// provider again links back through the verified e-mail.
let shop: SocialShop;
beforeAll(async () => {
  shop = await startSocialShop();
});
afterAll(async () => shop?.close());

async function signInWith(username: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const callback = await throughProvider(jar, await continueWith(shop, jar), username);
  expect((await jar.fetch(callback)).status).toBe(303);
  return jar;
}

const postForm = (jar: CookieJar, path: string, fields: Record<string, string>) =>
  jar.fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
    body: new URLSearchParams(fields).toString(),
  });

async function profileText(jar: CookieJar): Promise<string> {
  const response = await jar.fetch(`${shop.url}/profile`);
  expect(response.status).toBe(200);
  return textOf(await response.text());
}

async function identityIds(email: string): Promise<string[]> {
  const { rows } = await shop.platform.db.query<{ id: string }>(
    `select i.id from identities i join accounts a on a.id = i.account_id
      where a.email = $1 and a.tenant_id = 'fresh'`,
    [email],
  );
  return rows.map((r) => r.id);
}

async function passwordSignIn(email: string, password: string): Promise<number> {
  const response = await fetch(`${shop.url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: shop.url },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('linked sign-ins', () => {
  it('keeps the only way in, sets a password, then unlinks and links back by verified e-mail', async () => {
    const jar = await signInWith('newcomer');
    let text = await profileText(jar);
    expect(text).toContain('Ways to sign in');
    expect(text).toContain('Password: none yet');
    expect(text).toMatch(/Demo ID \( ?newcomer@example.com ?\), linked \d{4}-\d\d-\d\d/);
    expect(text).toContain('Your only way to sign in: it stays linked.');

    const [identity] = await identityIds('newcomer@example.com');
    const refused = await postForm(jar, '/profile', { intent: 'unlink', identity: identity! });
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain('This is your only way to sign in.');
    expect(await identityIds('newcomer@example.com')).toEqual([identity]);

    // No password yet: password sign-in gets the usual answer.
    expect(await passwordSignIn('newcomer@example.com', 'any-password-1')).toBe(401);

    const mismatch = await postForm(jar, '/profile', {
      intent: 'set-password',
      newPassword: 'newcomer-pass-1',
      confirmPassword: 'newcomer-pass-2',
    });
    expect(mismatch.status).toBe(400);
    const set = await postForm(jar, '/profile', {
      intent: 'set-password',
      newPassword: 'newcomer-pass-1',
      confirmPassword: 'newcomer-pass-1',
    });
    expect(set.status).toBe(303);
    expect(set.headers.get('location')).toBe('/profile?done=password-set');
    text = await profileText(jar);
    expect(text).toContain('Password: set');

    const unlinked = await postForm(jar, '/profile', { intent: 'unlink', identity: identity! });
    expect(unlinked.status).toBe(303);
    expect(await identityIds('newcomer@example.com')).toEqual([]);

    // The password now signs in, the same account.
    expect(await passwordSignIn('newcomer@example.com', 'newcomer-pass-1')).toBe(200);
    // And the provider links back to it through the verified e-mail.
    await signInWith('newcomer');
    expect(await identityIds('newcomer@example.com')).toHaveLength(1);
  });

  it('lets an account with a password unlink its provider', async () => {
    const jar = await signInWith('shopper');
    const text = await profileText(jar);
    expect(text).toContain('Password: set');
    const [identity] = await identityIds('shopper@example.com');
    const unlinked = await postForm(jar, '/profile', { intent: 'unlink', identity: identity! });
    expect(unlinked.status).toBe(303);
    expect(await identityIds('shopper@example.com')).toEqual([]);
  });
});
