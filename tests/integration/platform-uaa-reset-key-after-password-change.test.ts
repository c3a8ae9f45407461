import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../shared/contracts/account';
import { identityPaths } from '../../shared/contracts/identities';
import { startPlatform, TENANTS, type TestPlatform } from '../support/platform';

// A reset link mailed before the owner changed the password (or set a first one) no longer sets
// one: whoever else holds that e-mail's link (a mailbox the owner has just taken back, a forwarded
// or leaked message) cannot undo the change for the rest of the link's 24 hours.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(() => platform.close());

const post = (path: string, body: unknown, token?: string) =>
  platform.call(path, { method: 'POST', body, token });

/** Asks for a reset e-mail and answers the key of its link. */
async function mailedResetKey(email: string): Promise<string> {
  expect((await post(accountPaths.resetInit, { email })).status).toBe(200);
  const mail = (await platform.outbox(email)).find((m) => m.kind === 'password-reset');
  return mail!.link!.split('/').at(-1)!;
}

describe('a reset link mailed before the password changed', () => {
  it('is void once the signed-in owner changes the password', async () => {
    const key = await mailedResetKey('shopper@example.com');
    const session = await platform.signIn();
    const changed = await post(
      accountPaths.changePassword,
      { currentPassword: 'demo1234', newPassword: 'owner-took-it-back' },
      session.access_token,
    );
    expect(changed.status).toBe(200);

    const late = await post(accountPaths.resetFinish, { key, newPassword: 'someone-else-1' });
    expect(late.status).toBe(400);
    await platform.signIn('fresh', 'shopper@example.com', 'owner-took-it-back');
  });

  it('is void once the owner of a provider-made account sets a first password', async () => {
    const email = 'provider-made@example.com';
    await platform.db.query(
      `insert into accounts (id, tenant_id, email, login, password_hash, activated)
       values ('acc-provider-made', 'fresh', $1, $1, '', true)`,
      [email],
    );
    const key = await mailedResetKey(email);
    const token = await platform.tokenFor({
      principalId: 'acc-provider-made',
      accountId: 'acc-provider-made',
      tenantId: TENANTS.fresh.id,
    });
    const set = await post(identityPaths.setPassword, { newPassword: 'first-of-mine' }, token);
    expect(set.status).toBe(200);

    const late = await post(accountPaths.resetFinish, { key, newPassword: 'someone-else-2' });
    expect(late.status).toBe(400);
    await platform.signIn('fresh', email, 'first-of-mine');
  });
});
