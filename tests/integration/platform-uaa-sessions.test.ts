import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestSignIn } from '../../platform/auth/sign-in-hooks';
import { startPlatform, TENANTS, TEST_CID, type TestPlatform } from '../support/platform';

// uaa sessions over real HTTP: guest and account tokens, the account call (Cookie or Bearer),
// refresh rotation and reuse, sign-out, and the guest merge at sign-in.
const UAA = '/api/services/uaa/api/v1';
let platform: TestPlatform;
const merges: GuestSignIn[] = [];

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
  platform.app.signInHooks.push(async (_tx, signIn) => void merges.push(signIn));
});
afterAll(() => platform.close());

const account = (token: string, tenant: 'fresh' | 'harbour' = 'fresh') =>
  platform.call(`${UAA}/account`, { token, tenant });
const refresh = (refreshToken: string) =>
  platform.call(`${UAA}/auth/refresh`, { method: 'POST', body: { refresh_token: refreshToken } });

describe('account call', () => {
  it('answers the demo shopper for a Bearer token and for the Cookie header the specification describes', async () => {
    const pair = await platform.signIn();
    const bearer = await account(pair.access_token);
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get('cache-control')).toBe('private, no-store');
    expect(await bearer.json()).toMatchObject({
      id: TENANTS.fresh.accountId,
      login: 'shopper@example.com',
      email: 'shopper@example.com',
    });

    const cookie = await fetch(`${platform.url}${UAA}/account`, {
      headers: {
        ...platform.headers('fresh'),
        cookie: `refresh_token=${pair.refresh_token}; access_token=${encodeURIComponent(pair.access_token)}`,
      },
    });
    expect((await cookie.json()).id).toBe(TENANTS.fresh.accountId);
  });

  it('gives a guest an account without an id', async () => {
    const pair = await platform.guest();
    const response = await account(pair.access_token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: null, login: null, email: null });
  });

  it('refuses missing, forged, expired and other-shop tokens with invalid_token', async () => {
    expect((await platform.call(`${UAA}/account`)).status).toBe(401);
    const pair = await platform.signIn();
    const forged =
      pair.access_token.slice(0, -4) + (pair.access_token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const forgedAnswer = await account(forged);
    expect(forgedAnswer.status).toBe(401);
    expect(await forgedAnswer.json()).toMatchObject({ error: 'invalid_token' });

    const expired = await platform.app.signer.sign(
      { principalId: 'acc-fresh-demo', accountId: 'acc-fresh-demo', tenantId: 'fresh' },
      -60,
    );
    const expiredAnswer = await account(expired);
    expect(expiredAnswer.status).toBe(401);
    expect(await expiredAnswer.json()).toEqual({
      error: 'invalid_token',
      error_description: 'Access token expired',
      cid: TEST_CID,
    });

    expect((await account(pair.access_token, 'harbour')).status).toBe(401);
  });
});

describe('sign-in', () => {
  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await platform.call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      body: { email: 'shopper@example.com', password: 'nope-nope' },
    });
    const unknown = await platform.call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      body: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('keeps the shops apart: the same e-mail is another account in the other shop', async () => {
    const harbour = await platform.signIn('harbour');
    expect((await (await account(harbour.access_token, 'harbour')).json()).id).toBe(
      TENANTS.harbour.accountId,
    );
  });

  it('answers no shop with 421 and bad input with a 400 and a message', async () => {
    const noShop = await fetch(`${platform.url}${UAA}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
    });
    expect(noShop.status).toBe(421);
    const badEmail = await platform.call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      body: { email: 'not-an-email', password: '' },
    });
    expect(badEmail.status).toBe(400);
    const body = await badEmail.json();
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(/email/);
    const notJson = await platform.call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(notJson.status).toBe(400);
  });

  it("ends the guest's session and hands its principal to the merge hooks", async () => {
    const guest = await platform.guest();
    const response = await platform.call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      body: {
        email: 'shopper@example.com',
        password: 'demo1234',
        guest_refresh_token: guest.refresh_token,
      },
    });
    expect(response.status).toBe(200);
    const guestAccount = await platform.app.signer.verify(guest.access_token);
    expect(merges.at(-1)).toEqual({
      tenantId: 'fresh',
      guestPrincipalId:
        guestAccount && !guestAccount.expired ? guestAccount.principalId : 'missing',
      accountPrincipalId: TENANTS.fresh.accountId,
    });
    expect((await refresh(guest.refresh_token)).status).toBe(401);
  });
});

describe('refresh', () => {
  it('rotates: the new pair works; the spent token gets the same pair back within the reuse window', async () => {
    const first = await platform.signIn();
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = await rotated.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await (await account(second.access_token)).json()).id).toBe(TENANTS.fresh.accountId);

    // A racing replica presenting the spent token gets the same pair, not a second rotation
    // (docs/decisions/0220; platform-uaa-reuse-window.test.ts covers the window itself).
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(200);
    const again = await replay.json();
    expect([again.access_token, again.refresh_token]).toEqual([
      second.access_token,
      second.refresh_token,
    ]);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('revokes the whole family when a spent token is replayed later (theft)', async () => {
    const first = await platform.signIn();
    const second = await (await refresh(first.refresh_token)).json();
    await platform.db.query(
      `update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    expect((await refresh(first.refresh_token)).status).toBe(401);
    const afterTheft = await refresh(second.refresh_token);
    expect(afterTheft.status).toBe(401);
    expect((await afterTheft.json()).error_description).toBe('Refresh token revoked');
  });

  it('rotates once for 8 parallel refreshes of the same token: all get the same pair', async () => {
    const pair = await platform.signIn();
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(pair.refresh_token)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const tokens = new Set(
      await Promise.all(answers.map(async (a) => (await a.json()).refresh_token as string)),
    );
    expect(tokens.size).toBe(1);
  });

  it('refuses unknown, expired and other-shop refresh tokens', async () => {
    expect((await refresh('rt.unknown')).status).toBe(401);
    const pair = await platform.signIn();
    expect(
      (
        await platform.call(`${UAA}/auth/refresh`, {
          method: 'POST',
          tenant: 'harbour',
          body: { refresh_token: pair.refresh_token },
        })
      ).status,
    ).toBe(401);
    await platform.db.query(
      `update refresh_tokens set expires_at = now() - interval '1 second' where used_at is null and revoked_at is null`,
    );
    const expired = await refresh(pair.refresh_token);
    expect(await expired.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Refresh token expired',
      cid: TEST_CID,
    });
  });
});

describe('sign-out', () => {
  it('revokes the session; signing out twice is fine', async () => {
    const pair = await platform.signIn();
    const signOut = () =>
      platform.call(`${UAA}/auth/sign-out`, {
        method: 'POST',
        body: { refresh_token: pair.refresh_token },
      });
    expect((await signOut()).status).toBe(204);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
    expect((await signOut()).status).toBe(204);
  });
});
