import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform';

// The refresh-token reuse window (issue #25 item 1, docs/decisions/0220): a rotated refresh token
// presented again within REFRESH_REUSE_WINDOW_SECONDS gets the same new pair (gateway replicas
// renewing one session at once), its lifetimes counted down; later, reuse is theft and the session
// is revoked. With a window of 0 every reuse revokes.
const UAA = '/api/services/uaa/api/v1';
let platform: TestPlatform;
let strict: TestPlatform;
let shortLived: TestPlatform;

beforeAll(async () => {
  // One after the other: they share the cached seeded database, made by the first.
  platform = await startPlatform({ seeds: ['core'] });
  strict = await startPlatform({ seeds: ['core'], config: { refreshReuseWindowSeconds: 0 } });
  // Two seconds, not one: \`exp\` counts whole seconds, so a token minted late in a second with a
  // one-second life may have expired before the test reads it (it failed so on a busy machine).
  shortLived = await startPlatform({ seeds: ['core'], config: { accessTokenTtl: 2 } });
});
afterAll(async () => Promise.all([platform?.close(), strict?.close(), shortLived?.close()]));

const refresh = (on: TestPlatform, refreshToken: string) =>
  on.call(`${UAA}/auth/refresh`, { method: 'POST', body: { refresh_token: refreshToken } });
/** Moves the rotation of every spent token of the family `seconds` into the past. */
const spentAgo = (on: TestPlatform, familyOf: string, seconds: number) =>
  on.db.query(
    `update refresh_tokens set used_at = now() - make_interval(secs => $2::float8)
     where used_at is not null and family_id = (select family_id from refresh_tokens t
       where t.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex'))`,
    [familyOf, seconds],
  );
const familySize = async (on: TestPlatform, token: string) =>
  (
    await on.db.query<{ n: number }>(
      `select count(*)::int as n from refresh_tokens where family_id = (select family_id
         from refresh_tokens t where t.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex'))`,
      [token],
    )
  ).rows[0]!.n;

describe('refresh-token reuse window (30 s by default)', () => {
  it('hands back the same pair, lifetimes counted down, without a second rotation', async () => {
    const first = await platform.signIn();
    const second = await (await refresh(platform, first.refresh_token)).json();
    await spentAgo(platform, first.refresh_token, 20);
    const replay = await refresh(platform, first.refresh_token);
    expect(replay.status).toBe(200);
    const again = await replay.json();
    expect(again.access_token).toBe(second.access_token);
    expect(again.refresh_token).toBe(second.refresh_token);
    expect(again.expires_in).toBeLessThanOrEqual(second.expires_in - 20);
    expect(again.expires_in).toBeGreaterThan(0);
    expect(again.refresh_expires_in).toBeLessThanOrEqual(second.refresh_expires_in - 20);
    // Sign-in and one rotation: two rows, however often the spent token came back.
    expect(await familySize(platform, first.refresh_token)).toBe(2);
    // The session goes on.
    expect((await refresh(platform, second.refresh_token)).status).toBe(200);
  });

  it('hands back a live access token (same session, same refresh token) once the first expired', async () => {
    const first = await shortLived.signIn();
    const second = await (await refresh(shortLived, first.refresh_token)).json();
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await shortLived.app.signer.verify(second.access_token))?.expired).toBe(true);
    const again = await (await refresh(shortLived, first.refresh_token)).json();
    expect(again.refresh_token).toBe(second.refresh_token);
    expect(again.access_token).not.toBe(second.access_token);
    const claims = await shortLived.app.signer.verify(again.access_token);
    expect(claims).toMatchObject({ expired: false, sessionId: expect.any(String) });
    expect(await familySize(shortLived, first.refresh_token)).toBe(2);
  });

  it('keeps no readable token in the database', async () => {
    const first = await platform.signIn();
    const second = await (await refresh(platform, first.refresh_token)).json();
    const { rows } = await platform.db.query<{ dump: string }>(
      `select string_agg(token_hash || coalesce(successor, ''), ' ') as dump from refresh_tokens`,
    );
    expect(rows[0]!.dump).not.toContain(second.refresh_token);
    expect(rows[0]!.dump).not.toContain(second.access_token.split('.')[2]);
  });

  it('treats reuse after the window as theft: refused, and the session revoked', async () => {
    const first = await platform.signIn();
    const second = await (await refresh(platform, first.refresh_token)).json();
    await spentAgo(platform, first.refresh_token, 31);
    const late = await refresh(platform, first.refresh_token);
    expect(late.status).toBe(401);
    expect((await late.json()).error_description).toBe('Refresh token already used');
    const after = await refresh(platform, second.refresh_token);
    expect((await after.json()).error_description).toBe('Refresh token revoked');
  });

  it('hands nothing back once the session is signed out', async () => {
    const first = await platform.signIn();
    const second = await (await refresh(platform, first.refresh_token)).json();
    const signOut = await platform.call(`${UAA}/auth/sign-out`, {
      method: 'POST',
      body: { refresh_token: second.refresh_token },
    });
    expect(signOut.status).toBe(204);
    const replay = await refresh(platform, first.refresh_token);
    expect(replay.status).toBe(401);
    expect((await replay.json()).error_description).toBe('Refresh token revoked');
  });

  it('with a window of 0, revokes the session at the first reuse', async () => {
    const first = await strict.signIn();
    const second = await (await refresh(strict, first.refresh_token)).json();
    const replay = await refresh(strict, first.refresh_token);
    expect(replay.status).toBe(401);
    expect((await replay.json()).error_description).toBe('Refresh token already used');
    expect((await (await refresh(strict, second.refresh_token)).json()).error_description).toBe(
      'Refresh token revoked',
    );
  });
});
