import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../shared/contracts/account';
import { CookieJar } from '../support/cookie-jar';
import {
  continueWith,
  startSocialShop,
  throughProvider,
  type SocialShop,
} from '../support/social-shop';

// Account pre-hijacking (issue #27 item 1, docs/decisions/0240): an attacker registers the
// victim's e-mail with a password of their own and never activates it; the victim later signs in
// with a provider that verified that e-mail. The account becomes the victim's alone: the
// attacker's password, names and pending keys are gone.
const VICTIM = 'newcomer@example.com'; // the demo provider's "newcomer", verified, no account yet
const ATTACKER_PASSWORD = 'attacker-pass-1';
let shop: SocialShop;

beforeAll(async () => {
  shop = await startSocialShop();
});
afterAll(async () => shop?.close());

const linkOf = (body: string) => /https?:\/\/\S+\/([A-Za-z0-9_-]+)\s*$/m.exec(body)?.[1];

async function passwordSignIn(email: string, password: string): Promise<number> {
  const response = await fetch(`${shop.url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: shop.url },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('a provider sign-in to an account whose e-mail nobody proved', () => {
  it('clears what the registrant set: password, names, pending keys', async () => {
    const registered = await shop.platform.call(accountPaths.register, {
      method: 'POST',
      body: {
        email: VICTIM,
        password: ATTACKER_PASSWORD,
        firstName: 'Mallory',
        lastName: 'Attacker',
      },
    });
    expect(registered.status).toBe(202);
    // The attacker also asks for a reset (the key travels to the victim's mailbox, but stays pending).
    const reset = await shop.platform.call(accountPaths.resetInit, {
      method: 'POST',
      body: { email: VICTIM },
    });
    expect(reset.status).toBe(200);
    const mails = await shop.platform.outbox(VICTIM);
    const activationKey = linkOf(mails.find((m) => m.kind === 'activation')!.body);
    const resetKey = linkOf(mails.find((m) => m.kind === 'password-reset')!.body);
    expect(activationKey).toBeTruthy();
    expect(resetKey).toBeTruthy();
    // Not activated: the attacker cannot sign in yet.
    expect(await passwordSignIn(VICTIM, ATTACKER_PASSWORD)).toBe(403);

    // The victim continues with the provider, which verified the e-mail.
    const jar = new CookieJar();
    const callback = await throughProvider(jar, await continueWith(shop, jar), 'newcomer');
    expect((await jar.fetch(callback)).status).toBe(303);

    // The attacker's password no longer signs in (it did, activated, before the fix).
    expect(await passwordSignIn(VICTIM, ATTACKER_PASSWORD)).toBe(401);
    const { rows } = await shop.platform.db.query<{
      password_hash: string;
      first_name: string;
      last_name: string;
      activated: boolean;
      activation_key: string | null;
      reset_key: string | null;
    }>(
      `select password_hash, first_name, last_name, activated, activation_key, reset_key
       from accounts where tenant_id = 'fresh' and email = $1`,
      [VICTIM],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      password_hash: '',
      first_name: 'Nia',
      last_name: 'Newcomer',
      activated: true,
      activation_key: null,
      reset_key: null,
    });
    // The reset key the attacker asked for is dead too.
    const finish = await shop.platform.call(accountPaths.resetFinish, {
      method: 'POST',
      body: { key: resetKey, newPassword: 'attacker-pass-2' },
    });
    expect(finish.status).toBe(400);
    expect(await passwordSignIn(VICTIM, 'attacker-pass-2')).toBe(401);

    // The victim is signed in to that account through the provider.
    const account = await jar.fetch(`${shop.url}/api/services/uaa/api/v1/account`);
    expect(account.status).toBe(200);
    expect(await account.json()).toMatchObject({ email: VICTIM, firstName: 'Nia' });
  });

  it('links an account whose owner proved the e-mail, keeping its password', async () => {
    // The demo shopper is activated (seeded): linking keeps its password, as before.
    const jar = new CookieJar();
    const callback = await throughProvider(jar, await continueWith(shop, jar), 'shopper');
    expect((await jar.fetch(callback)).status).toBe(303);
    expect(await passwordSignIn('shopper@example.com', 'demo1234')).toBe(200);
  });
});
