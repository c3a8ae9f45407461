import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEILING_WINDOW_SECONDS, FORGET_AFTER_SECONDS } from '../../platform/services/uaa/lockout';
import { startPlatform, type TestPlatform } from '../support/platform';
import { sweepUntil } from '../support/platform-sweep';

// uaa's sign-in failure counts are purged once they no longer count (issue #27): before, every
// e-mail and address ever tried stayed a row of sign_in_failures for good. The platform's sweep
// (at a start, then every minute; ADR 0363) deletes the expired rows; a lock in force and a count
// still within its window stay.
const UAA = '/api/services/uaa/api/v1';
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(async () => platform?.close());

async function row(email: string, source: string, idleSeconds: number, locked = 0, attempts = 3) {
  await platform.db.query(
    `insert into sign_in_failures (tenant_id, email, source, attempts, updated_at, locked_until)
     values ('fresh', $1, $2, $3, now() - make_interval(secs => $4::int),
       case when $5::int <> 0 then now() + make_interval(secs => $5::int) end)`,
    [email, source, attempts, idleSeconds, locked],
  );
}

const emailsLeft = async () =>
  (
    await platform.db.query<{ email: string; source: string }>(
      `select email, source from sign_in_failures where email like '%@purge.example'`,
    )
  ).rows
    .map((r) => `${r.email} ${r.source}`)
    .sort();

const signIn = (email: string, password: string, from: string) =>
  platform
    .call(`${UAA}/auth/sign-in`, {
      method: 'POST',
      body: { email, password },
      headers: { 'x-forwarded-for': from },
    })
    .then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });

describe('expired sign-in failure counts', () => {
  it('are deleted by the sweep; live locks and counts stay', async () => {
    const day = FORGET_AFTER_SECONDS;
    const hour = CEILING_WINDOW_SECONDS;
    await row('stale@purge.example', 'address:192.0.2.1', day + 60, -day);
    await row('stale@purge.example', '*', hour + 60);
    await row('stale@purge.example', 'session:gone', day + 60);
    await row('recent@purge.example', 'address:192.0.2.2', day - 600);
    await row('recent@purge.example', '*', hour - 600);
    // Ten minutes of lock left: kept, and it still refuses.
    await row('locked@purge.example', 'address:192.0.2.3', 60, 600, 9);

    await sweepUntil(platform, async () =>
      expect(await emailsLeft()).toEqual([
        'locked@purge.example address:192.0.2.3',
        'recent@purge.example *',
        'recent@purge.example address:192.0.2.2',
      ]),
    );
    expect(await signIn('locked@purge.example', 'wrong', '192.0.2.3')).toBe(429);
  });
});
