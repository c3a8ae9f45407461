import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../shared/contracts/account';
import { startPlatform, type TestPlatform } from '../support/platform';

// "Forgot your password?" asks nothing but an e-mail address, so anyone can ask for anyone. Asked
// again and again, it must neither fill the owner's mailbox nor void the link the owner was
// mailed a moment ago (the key of every new e-mail replaced the one before): one e-mail per
// address in ten minutes, the same rule as the registration's "you already have an account".
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(() => platform.close());

const EMAIL = 'shopper@example.com';
const askForReset = async () =>
  expect(
    (await platform.call(accountPaths.resetInit, { method: 'POST', body: { email: EMAIL } }))
      .status,
  ).toBe(200);
const resetMails = async () =>
  (await platform.outbox(EMAIL)).filter((mail) => mail.kind === 'password-reset');

describe('password reset asked for again and again', () => {
  it('mails once in ten minutes, and the link mailed stays good', async () => {
    await askForReset();
    const [first] = await resetMails();
    for (let i = 0; i < 5; i += 1) await askForReset();
    expect(await resetMails()).toHaveLength(1);

    const finished = await platform.call(accountPaths.resetFinish, {
      method: 'POST',
      body: { key: first!.link!.split('/').at(-1), newPassword: 'the-owners-own-1' },
    });
    expect(finished.status).toBe(200);
    await platform.signIn('fresh', EMAIL, 'the-owners-own-1');
  });

  it('mails a new link once the last was mailed ten minutes ago, or was used', async () => {
    // The link of the test above was used: a new request is answered with a new e-mail.
    await askForReset();
    expect(await resetMails()).toHaveLength(2);
    await askForReset();
    expect(await resetMails()).toHaveLength(2);
    // Ten minutes on (the key's 24 hours counted from eleven minutes ago).
    await platform.db.query(
      `update accounts set reset_expires_at = reset_expires_at - interval '11 minutes'
       where email = $1 and tenant_id = 'fresh'`,
      [EMAIL],
    );
    await askForReset();
    expect(await resetMails()).toHaveLength(3);
  });
});
