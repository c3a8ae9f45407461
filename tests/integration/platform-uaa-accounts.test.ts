import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../shared/contracts/account';
import { startPlatform, type TestPlatform } from '../support/platform';

// uaa account life cycle over real HTTP: registration → activation e-mail → activation → sign-in;
// password reset by e-mail; password change. E-mails are read back through GET /dev/outbox.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(() => platform.close());

const post = (
  path: string,
  body: unknown,
  options: { token?: string; tenant?: 'fresh' | 'harbour' } = {},
) => platform.call(path, { method: 'POST', body, ...options });

async function latestMail(to: string, kind: string) {
  const response = await fetch(
    `${platform.url}/dev/outbox?to=${encodeURIComponent(to)}&kind=${kind}`,
  );
  expect(response.status).toBe(200);
  const { messages } = await response.json();
  return messages[0] as
    { link: string; subject: string; body: string; tenantId: string } | undefined;
}
const keyOf = (link: string) => link.split('/').at(-1)!;

describe('registration and activation', () => {
  const email = 'new.shopper@example.com';

  it('registers, mails the activation link, refuses sign-in until activated', async () => {
    const registered = await post(accountPaths.register, {
      email: ' New.Shopper@Example.com ',
      password: 'pantry-42',
      firstName: 'Nia',
    });
    expect(registered.status).toBe(202);
    const answer = await registered.json();
    expect(answer).toEqual({ message: expect.stringMatching(/Check your e-mail/) });

    const mail = await latestMail(email, 'activation');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/profile\/activation\/[\w-]{20,}$/);
    expect(mail?.body).toContain(mail!.link);
    expect(mail?.subject).toBe('Activate your Fresh Market account');

    const early = await post('/api/services/uaa/api/v1/auth/sign-in', {
      email,
      password: 'pantry-42',
    });
    expect(early.status).toBe(403);
    expect((await early.json()).error).toBe('account_not_activated');

    const activated = await post(accountPaths.activate, { key: keyOf(mail!.link) });
    expect(activated.status).toBe(200);
    expect((await activated.json()).activated).toBe(true);
    const signedIn = await platform.signIn('fresh', email, 'pantry-42');
    expect(signedIn.access_token).toBeTruthy();

    const again = await post(accountPaths.activate, { key: keyOf(mail!.link) });
    expect(again.status).toBe(404);
  });

  it('answers a second registration of an e-mail like a new one and mails the owner instead (no enumeration)', async () => {
    const fresh = await post(accountPaths.register, {
      email: 'someone.new@example.com',
      password: 'another-pass',
    });
    const duplicate = await post(accountPaths.register, { email, password: 'another-pass' });
    expect(duplicate.status).toBe(fresh.status);
    expect(await duplicate.json()).toEqual(await fresh.json());
    const notice = await latestMail(email, 'account-exists');
    expect(notice?.link).toBe('http://localhost:3000/social-login?mode=reset');
    expect(notice?.body).toContain('already has one');
    // No second account, no new activation key, and no mail storm: one notice per 10 minutes.
    await post(accountPaths.register, { email, password: 'another-pass' });
    const { rows } = await platform.db.query(
      `select count(*)::int as n from outbox where to_email = $1 and kind = 'account-exists'`,
      [email],
    );
    expect(rows[0]).toEqual({ n: 1 });
    const accounts = await platform.db.query(
      `select activated from accounts where tenant_id = 'fresh' and email = $1`,
      [email],
    );
    expect(accounts.rows).toEqual([{ activated: true }]);
    const otherShop = await post(
      accountPaths.register,
      { email, password: 'another-pass' },
      { tenant: 'harbour' },
    );
    expect(otherShop.status).toBe(202);
    const mail = await latestMail(email, 'activation');
    expect(mail?.tenantId).toBe('harbour');
    expect(mail?.link).toMatch(/^http:\/\/harbour\.localhost:3000\/profile\/activation\//);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const weak = await post(accountPaths.register, {
      email: 'weak@example.com',
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error_description).toMatch(
      /password: must be at least 8 characters/,
    );
    expect((await post(accountPaths.activate, { key: '../../etc' })).status).toBe(400);
    expect((await post(accountPaths.activate, { key: 'unknown-key-1234567890' })).status).toBe(404);
  });
});

describe('links in e-mails', () => {
  it("use the shop's configured origin, never the port or host of the request", async () => {
    const headers = { 'x-domain-origin': 'http://localhost:9999' };
    await platform.call(accountPaths.resetInit, {
      method: 'POST',
      body: { email: 'shopper@example.com' },
      headers,
    });
    const reset = await latestMail('shopper@example.com', 'password-reset');
    expect(reset?.link).toMatch(/^http:\/\/localhost:3000\/profile\/reset\//);
    await platform.call(accountPaths.register, {
      method: 'POST',
      body: { email: 'port.test@example.com', password: 'pantry-42' },
      headers,
    });
    const activation = await latestMail('port.test@example.com', 'activation');
    expect(activation?.link).toMatch(/^http:\/\/localhost:3000\/profile\/activation\//);
  });
});

describe('password reset', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const unknown = await post(accountPaths.resetInit, { email: 'ghost@example.com' });
    const known = await post(accountPaths.resetInit, { email: 'shopper@example.com' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await latestMail('ghost@example.com', 'password-reset')).toBeUndefined();
  });

  it('sets a new password with the mailed key, ends every session, and spends the key', async () => {
    const session = await platform.signIn();
    await post(accountPaths.resetInit, { email: 'shopper@example.com' });
    const mail = await latestMail('shopper@example.com', 'password-reset');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/profile\/reset\/[\w-]{20,}$/);

    expect(
      (
        await post(accountPaths.resetFinish, {
          key: 'wrong-key-1234567890',
          newPassword: 'fresh-start-1',
        })
      ).status,
    ).toBe(400);
    const finished = await post(accountPaths.resetFinish, {
      key: keyOf(mail!.link),
      newPassword: 'fresh-start-1',
    });
    expect(finished.status).toBe(200);

    const oldSession = await post('/api/services/uaa/api/v1/auth/refresh', {
      refresh_token: session.refresh_token,
    });
    expect(oldSession.status).toBe(401);
    expect(
      (
        await post('/api/services/uaa/api/v1/auth/sign-in', {
          email: 'shopper@example.com',
          password: 'demo1234',
        })
      ).status,
    ).toBe(401);
    await platform.signIn('fresh', 'shopper@example.com', 'fresh-start-1');
    expect(
      (
        await post(accountPaths.resetFinish, {
          key: keyOf(mail!.link),
          newPassword: 'again-and-again',
        })
      ).status,
    ).toBe(400);
  });

  it('refuses an expired reset key', async () => {
    await post(accountPaths.resetInit, { email: 'shopper@example.com' }, { tenant: 'harbour' });
    const mail = await latestMail('shopper@example.com', 'password-reset');
    await platform.db.query(
      `update accounts set reset_expires_at = now() - interval '1 minute' where tenant_id = 'harbour'`,
    );
    const late = await post(
      accountPaths.resetFinish,
      { key: keyOf(mail!.link), newPassword: 'too-late-now' },
      { tenant: 'harbour' },
    );
    expect(late.status).toBe(400);
  });
});

describe('password change', () => {
  it('needs a signed-in account and the current password', async () => {
    const guest = await platform.guest('harbour');
    expect(
      (
        await post(
          accountPaths.changePassword,
          { currentPassword: 'demo1234', newPassword: 'new-pass-99' },
          { token: guest.access_token, tenant: 'harbour' },
        )
      ).status,
    ).toBe(401);
    const pair = await platform.signIn('harbour');
    const wrong = await post(
      accountPaths.changePassword,
      { currentPassword: 'nope', newPassword: 'new-pass-99' },
      { token: pair.access_token, tenant: 'harbour' },
    );
    expect(wrong.status).toBe(400);
    const changed = await post(
      accountPaths.changePassword,
      { currentPassword: 'demo1234', newPassword: 'new-pass-99' },
      { token: pair.access_token, tenant: 'harbour' },
    );
    expect(changed.status).toBe(200);
    await platform.signIn('harbour', 'shopper@example.com', 'new-pass-99');
  });

  it("ends the account's other sessions and keeps the one that changed it", async () => {
    const here = await platform.signIn('harbour', 'shopper@example.com', 'new-pass-99');
    const elsewhere = await platform.signIn('harbour', 'shopper@example.com', 'new-pass-99');
    const changed = await post(
      accountPaths.changePassword,
      { currentPassword: 'new-pass-99', newPassword: 'newer-pass-100' },
      { token: here.access_token, tenant: 'harbour' },
    );
    expect(changed.status).toBe(200);
    const refresh = (token: string) =>
      post(
        '/api/services/uaa/api/v1/auth/refresh',
        { refresh_token: token },
        { tenant: 'harbour' },
      );
    expect((await refresh(elsewhere.refresh_token)).status).toBe(401);
    expect((await refresh(here.refresh_token)).status).toBe(200);
  });
});

describe('outbox endpoint', () => {
  it('validates its query and is absent when development endpoints are off', async () => {
    expect((await fetch(`${platform.url}/dev/outbox?limit=0`)).status).toBe(400);
    const production = await startPlatform({ seeds: ['core'], config: { devEndpoints: false } });
    try {
      expect((await fetch(`${production.url}/dev/outbox`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
