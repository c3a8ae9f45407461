import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../shared/contracts/account';
import { CEILING, CEILING_WINDOW_SECONDS } from '../../platform/services/uaa/lockout';
import { startPlatform, type TestPlatform } from '../support/platform';

// No lock a third party can trigger (issue #27 item 3, docs/decisions/0241): failures count per
// (e-mail, client address), the address being what the gateway names in X-Forwarded-For (believed
// from the gateways only: loopback here); a high ceiling per e-mail over all addresses; neither
// blocks a password change or a reset.
const UAA = '/api/services/uaa/api/v1';
const EMAIL = 'shopper@example.com';
let platform: TestPlatform;
let untrusting: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
  // A platform that believes no peer's X-Forwarded-For (its gateway is elsewhere).
  untrusting = await startPlatform({ seeds: ['core'], config: { trustProxy: ['10.9.9.9'] } });
});
afterAll(async () => {
  await platform?.close();
  await untrusting?.close();
});

const signIn = (password: string, from: string, on = platform, email = EMAIL) =>
  on
    .call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      body: { email, password },
      headers: { 'x-forwarded-for': from },
    })
    .then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });

async function wrongFive(from: string | ((i: number) => string), on = platform, email = EMAIL) {
  for (let i = 0; i < 5; i++)
    expect(await signIn(`wrong-${i}`, typeof from === 'string' ? from : from(i), on, email)).toBe(
      401,
    );
}

describe('sign-in lockout per e-mail and client address', () => {
  it('locks the guessing address out; the right password from another address signs in', async () => {
    await wrongFive('203.0.113.1');
    expect(await signIn('demo1234', '203.0.113.1')).toBe(429);
    // Another address: the owner is not locked out by someone else's guesses (429 before).
    expect(await signIn('demo1234', '198.51.100.7')).toBe(200);
    // The guesser's address stays locked after the owner's sign-in.
    expect(await signIn('demo1234', '203.0.113.1')).toBe(429);
  });

  it('counts an IPv6 /64 as one address', async () => {
    await wrongFive((i) => `2001:db8:7:1::${i + 1}`, platform, 'nobody@example.com');
    expect(await signIn('guess', '2001:db8:7:1:ffff::9', platform, 'nobody@example.com')).toBe(429);
    expect(await signIn('guess', '2001:db8:7:2::1', platform, 'nobody@example.com')).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not a gateway', async () => {
    // Five "addresses" from one untrusted peer are one address: the sixth is locked.
    await wrongFive((i) => `192.0.2.${i + 1}`, untrusting);
    expect(await signIn('demo1234', '192.0.2.99', untrusting)).toBe(429);
  });

  it('has a ceiling per e-mail over every address, counted in hour-long windows', async () => {
    await platform.db.query(
      `insert into sign_in_failures (tenant_id, email, source, attempts) values ('fresh', $1, '*', $2)
       on conflict (tenant_id, email, source) do update set attempts = $2, updated_at = now()`,
      ['ceiling@example.com', CEILING - 2],
    );
    expect(await signIn('guess', '192.0.2.50', platform, 'ceiling@example.com')).toBe(401);
    // The ceiling's last attempt: counted and checked, then every address waits.
    expect(await signIn('guess', '192.0.2.51', platform, 'ceiling@example.com')).toBe(401);
    const response = await platform.call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      body: { email: 'ceiling@example.com', password: 'guess' },
      headers: { 'x-forwarded-for': '192.0.2.52' },
    });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(CEILING_WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(CEILING_WINDOW_SECONDS);
  });

  it('never blocks a password change or a reset', async () => {
    const email = 'owner@example.com';
    const registered = await platform.call(accountPaths.register, {
      method: 'POST',
      body: { email, password: 'owner-pass-1' },
    });
    expect(registered.status).toBe(202);
    await platform.db.query(`update accounts set activated = true where email = $1`, [email]);
    const pair = await platform.signIn('fresh', email, 'owner-pass-1');

    // Someone locks the e-mail from the owner's own address and hits the ceiling.
    await wrongFive('127.0.0.1', platform, email);
    await platform.db.query(
      `update sign_in_failures set attempts = $2, locked_until = now() + interval '1 hour'
       where email = $1 and source = '*'`,
      [email, CEILING],
    );
    expect(await signIn('owner-pass-1', '198.51.100.8', platform, email)).toBe(429);

    // The signed-in owner still changes the password (429 before: the same lock).
    const changed = await platform.call(`${UAA}/account/change-password`, {
      method: 'POST',
      token: pair.access_token,
      body: { currentPassword: 'owner-pass-1', newPassword: 'owner-pass-2' },
    });
    expect(changed.status).toBe(200);

    // And a reset goes through, and lifts every lock of the e-mail.
    const init = await platform.call(accountPaths.resetInit, { method: 'POST', body: { email } });
    expect(init.status).toBe(200);
    const mail = (await platform.outbox(email)).find((m) => m.kind === 'password-reset');
    const key = mail?.link?.split('/').pop();
    expect(key).toBeTruthy();
    const finished = await platform.call(accountPaths.resetFinish, {
      method: 'POST',
      body: { key, newPassword: 'owner-pass-3' },
    });
    expect(finished.status).toBe(200);
    expect(await signIn('owner-pass-3', '127.0.0.1', platform, email)).toBe(200);
  });

  it('counts wrong current passwords per session, apart from sign-in', async () => {
    const pair = await platform.signIn('harbour');
    for (let i = 0; i < 5; i++) {
      const wrong = await platform.call(`${UAA}/account/change-password`, {
        method: 'POST',
        tenant: 'harbour',
        token: pair.access_token,
        body: { currentPassword: `wrong-${i}`, newPassword: 'never-set-1' },
      });
      expect(wrong.status).toBe(400);
    }
    const locked = await platform.call(`${UAA}/account/change-password`, {
      method: 'POST',
      tenant: 'harbour',
      token: pair.access_token,
      body: { currentPassword: 'demo1234', newPassword: 'never-set-1' },
    });
    expect(locked.status).toBe(429);
    // Sign-in from the same address is not locked by the session's guesses.
    const signedIn = await platform.call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      tenant: 'harbour',
      body: { email: EMAIL, password: 'demo1234' },
    });
    expect(signedIn.status).toBe(200);
  });
});
