import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/db';
import { createRevocationNotes } from './revocation-notes';
import { createSessionCheck } from './session-check';

// The session check (docs/decisions/0243, 0281): checks that arrive together share a probe, but
// a check is only ever answered by a probe sent after it arrived, and no probe waits for another.
function fakeDb() {
  const revokedFamilies = new Set<string>();
  const probes: { sessionIds: string[]; release: () => void }[] = [];
  let hold = false;
  const db: Queryable = {
    query: async (_sql, params = []) => {
      const sessionIds = params[0] as string[];
      // The database is read when the probe is sent, as PostgreSQL takes its snapshot.
      const answer = sessionIds.filter((id) => revokedFamilies.has(id));
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      probes.push({ sessionIds, release });
      if (hold) await released;
      return { rows: answer.map((family_id) => ({ family_id })) as never[] };
    },
  };
  return {
    db,
    probes,
    revokedFamilies,
    holdProbes: (on: boolean) => void (hold = on),
  };
}

const turns = async (n = 3) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};
/** Waits until `count` probes have been sent. */
async function sent(fake: ReturnType<typeof fakeDb>, count: number) {
  for (let i = 0; fake.probes.length < count; i += 1) {
    if (i > 100) throw new Error(`${fake.probes.length} probes sent, not ${count}`);
    await turns(1);
  }
}

describe('createSessionCheck', () => {
  it('answers open and revoked sessions, and remembers the revoked ones', async () => {
    const fake = fakeDb();
    fake.revokedFamilies.add('fam-ended');
    const sessionOpen = createSessionCheck(fake.db);
    expect(await sessionOpen('fam-live', null)).toBe(true);
    expect(await sessionOpen('fam-ended', null)).toBe(false);
    expect(await sessionOpen('fam-ended', null)).toBe(false);
    expect(await sessionOpen('fam-live', null)).toBe(true);
    expect(fake.probes.map((p) => p.sessionIds)).toEqual([
      ['fam-live'],
      ['fam-ended'],
      ['fam-live'],
    ]);
  });

  it('answers the checks of calls that arrive together with one probe', async () => {
    const fake = fakeDb();
    fake.revokedFamilies.add('fam-b');
    const sessionOpen = createSessionCheck(fake.db);
    const page = ['fam-a', 'fam-a', 'fam-b', 'fam-a'].map((id) => sessionOpen(id, null));
    expect(await Promise.all(page)).toEqual([true, true, false, true]);
    expect(fake.probes.map((p) => p.sessionIds)).toEqual([['fam-a', 'fam-b']]);
  });

  it('answers the checks that arrive while a probe runs with another, without waiting for it', async () => {
    const fake = fakeDb();
    fake.revokedFamilies.add('fam-b');
    fake.holdProbes(true);
    const sessionOpen = createSessionCheck(fake.db);
    let firstAnswered = false;
    const first = sessionOpen('fam-a', null).finally(() => (firstAnswered = true));
    await sent(fake, 1);
    fake.holdProbes(false);
    const later = ['fam-a', 'fam-a', 'fam-b', 'fam-a'].map((id) => sessionOpen(id, null));
    expect(await Promise.all(later)).toEqual([true, true, false, true]);
    expect(fake.probes.map((p) => p.sessionIds)).toEqual([['fam-a'], ['fam-a', 'fam-b']]);
    expect(firstAnswered).toBe(false);
    fake.probes[0]!.release();
    expect(await first).toBe(true);
  });

  it('never answers a check with a probe sent before it arrived: a session revoked meanwhile is refused', async () => {
    const fake = fakeDb();
    fake.holdProbes(true);
    const sessionOpen = createSessionCheck(fake.db);
    const before = sessionOpen('fam-a', null);
    await sent(fake, 1);
    // Signed out (by this process or another) while that probe is on its way.
    fake.revokedFamilies.add('fam-a');
    const after = sessionOpen('fam-a', null);
    await turns();
    fake.probes[0]!.release();
    await sent(fake, 2);
    fake.probes[1]!.release();
    expect(await before).toBe(true);
    expect(await after).toBe(false);
  });

  it('fails the checks of a failed probe, and probes again for the next', async () => {
    let fail = true;
    const sessionOpen = createSessionCheck({
      query: async () => {
        if (fail) throw new Error('connection lost');
        return { rows: [] as never[] };
      },
    });
    const failed = [sessionOpen('fam-a', null), sessionOpen('fam-a', null)];
    await expect(Promise.all(failed)).rejects.toThrow('connection lost');
    await Promise.allSettled(failed);
    fail = false;
    expect(await sessionOpen('fam-a', null)).toBe(true);
  });

  it('reads nothing for a session an exclusive database has no revocation noted for (ADR 0288)', async () => {
    const fake = fakeDb();
    fake.revokedFamilies.add('fam-noted');
    const notes = createRevocationNotes();
    notes.keepFor(300_000);
    notes.family('fam-noted');
    notes.account('acc-reset');
    const sessionOpen = createSessionCheck(fake.db, { notes });
    expect(await sessionOpen('fam-a', 'acc-1')).toBe(true);
    expect(fake.probes).toEqual([]);
    expect(await sessionOpen('fam-noted', 'acc-1')).toBe(false);
    // A note of the account: its sessions are read (this one is still open).
    expect(await sessionOpen('fam-b', 'acc-reset')).toBe(true);
    expect(fake.probes.map((p) => p.sessionIds)).toEqual([['fam-noted'], ['fam-b']]);
  });
});
