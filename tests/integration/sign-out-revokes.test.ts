import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookie-jar';
import { startShop, type TestShop } from '../support/shop';

// Sign-out revokes at uaa (issue #27 item 16, docs/decisions/0243): the access token a visitor
// held is refused by every platform service once the session ends, not honoured until it expires
// (300 s). Someone who copied the token (a shared computer, a leaked log) cannot keep using it.
const ACCOUNT = '/api/services/uaa/api/v1/account';
const PROFILE = '/api/services/profile/api/v1/info';
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => shop?.close());

const accessTokenOf = (jar: CookieJar, url: string) =>
  /(?:^|; )access_token=([^;]+)/.exec(jar.header(url))?.[1];

async function signedIn(): Promise<{ jar: CookieJar; token: string }> {
  const jar = new CookieJar();
  const response = await jar.fetch(`${shop.url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: shop.url },
    body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
  });
  expect(response.status).toBe(200);
  const token = accessTokenOf(jar, `${shop.url}/`);
  expect(token).toBeTruthy();
  return { jar, token: decodeURIComponent(token!) };
}

const direct = (path: string, token: string) =>
  shop.platform.call(path, { token }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

describe('the access token after sign-out', () => {
  it('is refused by the platform as soon as the visitor signs out through the gateway', async () => {
    const { jar, token } = await signedIn();
    expect(await direct(ACCOUNT, token)).toBe(200);
    expect(await direct(PROFILE, token)).toBe(200);

    const out = await jar.fetch(`${shop.url}/auth/sign-out`, {
      method: 'POST',
      headers: { 'x-csrf': '1', origin: shop.url },
    });
    expect(out.status).toBe(204);

    // Before: 200 until the token expired.
    expect(await direct(ACCOUNT, token)).toBe(401);
    expect(await direct(PROFILE, token)).toBe(401);
    const answer = await shop.platform.call(PROFILE, { token });
    expect(await answer.json()).toMatchObject({
      error: { message: expect.stringContaining('Session ended') },
    });
  });

  it('is refused after a sign-out that sent the access token alone (no refresh cookie)', async () => {
    const { jar, token } = await signedIn();
    const raw = accessTokenOf(jar, `${shop.url}/`)!;
    // The visitor's browser lost the refresh cookie: only the access token comes.
    const out = await fetch(`${shop.url}/auth/sign-out`, {
      method: 'POST',
      headers: { 'x-csrf': '1', origin: shop.url, cookie: `access_token=${raw}` },
    });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/access_token=;/);
    // Before: uaa's sign-out took only a refresh token, so the gateway never called it: 200.
    expect(await direct(ACCOUNT, token)).toBe(401);
    expect(await direct(PROFILE, token)).toBe(401);
  });

  it('leaves the other sessions of the account alone', async () => {
    const first = await signedIn();
    const second = await signedIn();
    const out = await first.jar.fetch(`${shop.url}/auth/sign-out`, {
      method: 'POST',
      headers: { 'x-csrf': '1', origin: shop.url },
    });
    expect(out.status).toBe(204);
    expect(await direct(ACCOUNT, first.token)).toBe(401);
    expect(await direct(ACCOUNT, second.token)).toBe(200);
  });

  it('refuses the access tokens of sessions a password change ends', async () => {
    const other = await shop.platform.signIn('harbour');
    const mine = await shop.platform.signIn('harbour');
    const changed = await shop.platform.call('/api/services/uaa/api/v1/account/change-password', {
      method: 'POST',
      tenant: 'harbour',
      token: mine.access_token,
      body: { currentPassword: 'demo1234', newPassword: 'demo1234-new' },
    });
    expect(changed.status).toBe(200);
    const status = (token: string) =>
      shop.platform.call(PROFILE, { tenant: 'harbour', token }).then((r) => r.status);
    expect(await status(mine.access_token)).toBe(200);
    expect(await status(other.access_token)).toBe(401);
  });
});

describe("uaa's sign-out", () => {
  const SIGN_OUT = '/api/services/uaa/api/v1/auth/sign-out';
  it('ends the session of a Bearer access token sent without a refresh token', async () => {
    const pair = await shop.platform.signIn();
    expect(await direct(ACCOUNT, pair.access_token)).toBe(200);
    const out = await shop.platform.call(SIGN_OUT, {
      method: 'POST',
      token: pair.access_token,
      body: {},
    });
    expect(out.status).toBe(204);
    expect(await direct(ACCOUNT, pair.access_token)).toBe(401);
    // The refresh token of that session is refused too: the session is over.
    const refreshed = await shop.platform.call('/api/services/uaa/api/v1/auth/refresh', {
      method: 'POST',
      body: { refresh_token: pair.refresh_token },
    });
    expect(refreshed.status).toBe(401);
  });

  it('is a 400 without either token, and a 204 for a token that names nothing', async () => {
    const none = await shop.platform.call(SIGN_OUT, { method: 'POST', body: {} });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('refresh token'),
    });
    const forged = await shop.platform.call(SIGN_OUT, {
      method: 'POST',
      token: 'not.a.token',
      body: {},
    });
    expect(forged.status).toBe(204);
  });
});
