import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TenantKey, type TestPlatform } from '../support/platform';

// Sign-in lockout with back-off (issue #12 item 5, issue #27 item 3, docs/decisions/0241): counted
// per shop, e-mail and client address before the password is checked, so parallel guesses count;
// unknown e-mails the same. These requests come from 127.0.0.1 without X-Forwarded-For: one address.
const UAA = '/api/services/uaa/api/v1';
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(() => platform.close());

const signIn = (email: string, password: string, tenant: TenantKey = 'fresh') =>
  platform.call(`${UAA}/auth/sign-in`, { method: 'POST', tenant, body: { email, password } });

async function lockedFor(email: string, tenant = 'fresh') {
  const { rows } = await platform.db.query<{ attempts: number; locked_for: number | null }>(
    `select attempts, extract(epoch from locked_until - now())::float8 as locked_for
     from sign_in_failures where tenant_id = $1 and email = $2 and source = 'address:127.0.0.1'`,
    [tenant, email],
  );
  return rows[0] ?? null;
}

describe('sign-in lockout per account and address', () => {
  it('refuses even the right password after five wrong ones, with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++)
      expect((await signIn('shopper@example.com', `wrong-${i}`)).status).toBe(401);
    const right = await signIn('shopper@example.com', 'demo1234');
    expect(right.status).toBe(429);
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await right.json()).toMatchObject({ error: 'too_many_attempts' });
  });

  it('doubles the lock for each failure after it ends, and the right password clears it', async () => {
    // The first lock ends (its time moved back instead of waiting 30 s).
    await platform.db.query(
      `update sign_in_failures set locked_until = now() - interval '1 second' where email = $1`,
      ['shopper@example.com'],
    );
    expect((await signIn('shopper@example.com', 'wrong-again')).status).toBe(401);
    const locked = await lockedFor('shopper@example.com');
    expect(locked?.attempts).toBe(6);
    expect(locked?.locked_for).toBeGreaterThan(30);
    expect(locked?.locked_for).toBeLessThanOrEqual(60);
    expect((await signIn('shopper@example.com', 'demo1234')).status).toBe(429);

    await platform.db.query(
      `update sign_in_failures set locked_until = now() - interval '1 second' where email = $1`,
      ['shopper@example.com'],
    );
    expect((await signIn('Shopper@Example.com', 'demo1234')).status).toBe(200);
    expect(await lockedFor('shopper@example.com')).toBeNull();
  });

  it('locks an unknown e-mail the same way (the answer does not reveal accounts)', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await signIn('nobody@example.com', 'guess')).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts parallel guesses: 32 at once, at most five are checked', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        signIn('shopper@example.com', `parallel-${i}`, 'harbour').then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(27);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('keeps shops apart: a lock in one shop does not lock the same e-mail in another', async () => {
    // harbour's demo shopper is locked by the test above; fresh's is not (cleared above).
    expect((await signIn('shopper@example.com', 'demo1234', 'harbour')).status).toBe(429);
    expect((await signIn('shopper@example.com', 'demo1234', 'fresh')).status).toBe(200);
  });
});
