import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform } from '../../platform/app';
import { createRevocationNotes } from '../../platform/auth/revocation-notes';
import { startPlatform, type TestPlatform } from '../support/platform';

// The session check under a page's parallel calls (docs/decisions/0243, 0281): the calls share
// probes, yet a call that arrives after its session was revoked is refused, here and at another
// platform process on the same database (a second app with its own session check). On an embedded
// database only this process writes (ADR 0288), an open session's calls read no session row.
const UAA = '/api/services/uaa/api/v1';
const PROFILE = '/api/services/profile/api/v1/info';
let platform: TestPlatform;
let other: FastifyInstance;
let otherUrl: string;

beforeAll(async () => {
  platform = await startPlatform();
  other = await buildPlatform(platform.db, platform.config);
  otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await other?.close();
  await platform?.close();
});

const statusAt = async (base: string, path: string, token: string) => {
  const response = await fetch(base + path, { headers: platform.headers('fresh', token) });
  await response.arrayBuffer();
  return response.status;
};
const page = (base: string, token: string) =>
  Promise.all(
    [`${UAA}/account`, PROFILE, `${UAA}/account`, PROFILE, PROFILE, `${UAA}/account`].map((path) =>
      statusAt(base, path, token),
    ),
  );
const signOut = (refreshToken: string) =>
  platform.call(`${UAA}/auth/sign-out`, { method: 'POST', body: { refresh_token: refreshToken } });

describe('a page of parallel calls around a sign-out', () => {
  it('answers the calls of an open session, and refuses every call after the sign-out', async () => {
    const pair = await platform.signIn();
    expect(await page(platform.url, pair.access_token)).toEqual(Array(6).fill(200));
    // Calls still in flight while the session ends may go either way; none after it may pass.
    const during = page(platform.url, pair.access_token);
    expect((await signOut(pair.refresh_token)).status).toBe(204);
    expect(await page(platform.url, pair.access_token)).toEqual(Array(6).fill(401));
    for (const status of await during) expect([200, 401]).toContain(status);
  });

  it('refuses the session at another process at its very next call', async () => {
    const pair = await platform.signIn();
    const kept = await platform.signIn();
    expect(await page(otherUrl, pair.access_token)).toEqual(Array(6).fill(200));
    expect((await signOut(pair.refresh_token)).status).toBe(204);
    expect(await statusAt(otherUrl, PROFILE, pair.access_token)).toBe(401);
    expect(await page(otherUrl, pair.access_token)).toEqual(Array(6).fill(401));
    expect(await page(otherUrl, kept.access_token)).toEqual(Array(6).fill(200));
  });

  it('reads no session row for the calls of an open session on an embedded database', async () => {
    const pair = await platform.signIn();
    const db = platform.db;
    const { query } = db;
    const statements: string[] = [];
    db.query = (sql, params) => (statements.push(sql), query.call(db, sql, params)) as never;
    try {
      expect(await page(platform.url, pair.access_token)).toEqual(Array(6).fill(200));
    } finally {
      Object.assign(db, { query });
    }
    const sessionReads = statements.filter((sql) => sql.includes('refresh_tokens'));
    // A server database may be written by other processes: there every check reads.
    if (db.exclusive) expect(sessionReads).toEqual([]);
    else expect(sessionReads.length).toBeGreaterThan(0);
    expect((await signOut(pair.refresh_token)).status).toBe(204);
    expect(await page(platform.url, pair.access_token)).toEqual(Array(6).fill(401));
  });

  it('refuses after a restart a session revoked before it (the notes read back)', async () => {
    const pair = await platform.signIn();
    expect((await signOut(pair.refresh_token)).status).toBe(204);
    // A process started after the sign-out, with no note of it.
    const restarted = await buildPlatform(platform.db, platform.config, {
      revocationNotes: createRevocationNotes(),
    });
    try {
      const url = await restarted.listen({ port: 0, host: '127.0.0.1' });
      expect(await statusAt(url, PROFILE, pair.access_token)).toBe(401);
    } finally {
      await restarted.close();
    }
  });
});
