import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkedSignIns } from '../../shared/contracts/identities';
import { startPlatform, TENANTS, type TestPlatform } from '../support/platform';

// GET /account/identities, the profile page's "Ways to sign in": whether the account has a
// password and its linked providers, oldest first, read in one statement (issue #30).
const PATH = '/api/services/uaa/api/v1/account/identities';
const { accountId } = TENANTS.fresh;
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform?.close());

async function linkedSignIns(token: string) {
  const response = await platform.call(PATH, { token });
  expect(response.status).toBe(200);
  return LinkedSignIns.parse(await response.json());
}

describe('linked sign-ins', () => {
  it('an account with a password and no provider', async () => {
    const token = (await platform.signIn()).access_token;
    expect(await linkedSignIns(token)).toEqual({ hasPassword: true, identities: [] });
  });

  it('lists the providers oldest first, and no password once it has none', async () => {
    const token = (await platform.signIn()).access_token;
    for (const [id, at] of [
      ['idn-b', '2026-02-01T00:00:00.000Z'],
      ['idn-a', '2026-01-01T00:00:00.000Z'],
    ]) {
      await platform.db.query(
        `insert into identities (id, tenant_id, account_id, issuer, subject, email, created_at, last_used_at)
         values ($1, 'fresh', $2, 'https://idp.example', $1, 'shopper@example.com', $3, $3)`,
        [id, accountId, at],
      );
    }
    await platform.db.query(`update accounts set password_hash = '' where id = $1`, [accountId]);
    const linked = await linkedSignIns(token);
    expect(linked.hasPassword).toBe(false);
    expect(linked.identities).toEqual([
      {
        id: 'idn-a',
        issuer: 'https://idp.example',
        email: 'shopper@example.com',
        createdAt: '2026-01-01T00:00:00.000Z',
        lastUsedAt: '2026-01-01T00:00:00.000Z',
      },
      {
        id: 'idn-b',
        issuer: 'https://idp.example',
        email: 'shopper@example.com',
        createdAt: '2026-02-01T00:00:00.000Z',
        lastUsedAt: '2026-02-01T00:00:00.000Z',
      },
    ]);
  });

  it('an account that no longer exists is refused', async () => {
    const token = await platform.tokenFor({
      principalId: 'acc-gone',
      accountId: 'acc-gone',
      tenantId: 'fresh',
    });
    const response = await platform.call(PATH, { token });
    expect(response.status).toBe(401);
  });
});
