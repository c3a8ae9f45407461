import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../shared/contracts/account';
import { startPlatform, type TestPlatform } from '../support/platform';

// The embedded database keeps everything across a restart: accounts, sessions and the token
// signing key (so an access token issued before the restart still verifies after it). Starting
// again on the same data re-runs migrations and seeds without changing anything.
const UAA = '/api/services/uaa/api/v1';
let dataDir = '';
let platform: TestPlatform | undefined;

afterAll(async () => {
  await platform?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('platform restart on the same DATA_DIR', () => {
  it('keeps accounts, sessions, the signing key and the outbox', { timeout: 120_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'storefront-restart-'));
    platform = await startPlatform({ seeds: ['core'], dataDir });
    expect(
      (
        await platform.call(accountPaths.register, {
          method: 'POST',
          body: { email: 'kept@example.com', password: 'survives-1' },
        })
      ).status,
    ).toBe(202);
    const pair = await platform.signIn();
    const counts = await platform.db.query<{ tenants: number; pages: number; accounts: number }>(
      'select (select count(*)::int from tenants) as tenants, (select count(*)::int from cms_pages) as pages, (select count(*)::int from accounts) as accounts',
    );
    await platform.close();
    platform = undefined;

    platform = await startPlatform({ seeds: ['core'], dataDir });
    const account = await platform.call(`${UAA}/account`, { token: pair.access_token });
    expect(account.status).toBe(200);
    expect((await account.json()).id).toBe('acc-fresh-demo');
    expect(
      (
        await platform.call(`${UAA}/auth/refresh`, {
          method: 'POST',
          body: { refresh_token: pair.refresh_token },
        })
      ).status,
    ).toBe(200);
    const duplicate = await platform.call(accountPaths.register, {
      method: 'POST',
      body: { email: 'kept@example.com', password: 'survives-1' },
    });
    // Registration answers the same for a known e-mail and mails its owner (ADR 0132).
    expect(duplicate.status).toBe(202);
    expect((await platform.outbox('kept@example.com')).map((m) => m.kind).sort()).toEqual([
      'account-exists',
      'activation',
    ]);
    // The seed ran again and changed nothing.
    const again = await platform.db.query(
      'select (select count(*)::int from tenants) as tenants, (select count(*)::int from cms_pages) as pages, (select count(*)::int from accounts) as accounts',
    );
    expect(again.rows).toEqual(counts.rows);
  });
});
