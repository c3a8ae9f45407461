import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/db';
import { ensurePlannedSlots } from './slot-plan';

// The memory of materialised slot plans (docs/decisions/0280): the insert runs again for a new
// day or a changed plan, and each database handle remembers on its own.
function recordingDb(): Queryable & { inserts: unknown[][] } {
  const inserts: unknown[][] = [];
  return {
    inserts,
    query: async (sql, params = []) => {
      if (sql.includes('insert into delivery_slots')) inserts.push([...params]);
      return { rows: [] as never[] };
    },
  };
}

const plan = (day: string, template = 'Europe/Dublin|22:00:00|7|08:00:00,10:00:00,12,495') => ({
  day,
  key: `${day}|${template}`,
});

describe('ensurePlannedSlots', () => {
  it('materialises a plan once, again when the shop-local day changes', async () => {
    const db = recordingDb();
    await ensurePlannedSlots(db, 'fresh', plan('2026-11-28'));
    await ensurePlannedSlots(db, 'fresh', plan('2026-11-28'));
    expect(db.inserts).toEqual([['fresh', '2026-11-28', null]]);
    await ensurePlannedSlots(db, 'fresh', plan('2026-11-29'));
    expect(db.inserts.at(-1)).toEqual(['fresh', '2026-11-29', null]);
    expect(db.inserts).toHaveLength(2);
  });

  it('materialises again when the policy or template changes, per shop', async () => {
    const db = recordingDb();
    await ensurePlannedSlots(db, 'fresh', plan('2026-11-28'));
    await ensurePlannedSlots(db, 'harbour', plan('2026-11-28'));
    await ensurePlannedSlots(db, 'fresh', plan('2026-11-28', 'Europe/Dublin|22:00:00|10|…'));
    expect(db.inserts.map((params) => params[0])).toEqual(['fresh', 'harbour', 'fresh']);
  });

  it('remembers per database handle', async () => {
    const one = recordingDb();
    const other = recordingDb();
    await ensurePlannedSlots(one, 'fresh', plan('2026-11-28'));
    await ensurePlannedSlots(other, 'fresh', plan('2026-11-28'));
    expect([one.inserts.length, other.inserts.length]).toEqual([1, 1]);
  });

  it('forgets nothing it did not do: a failed insert runs again', async () => {
    let fail = true;
    const db: Queryable = {
      query: async () => {
        if (fail) throw new Error('connection lost');
        return { rows: [] as never[] };
      },
    };
    await expect(ensurePlannedSlots(db, 'fresh', plan('2026-11-28'))).rejects.toThrow();
    fail = false;
    const spy = recordingDb();
    db.query = async (sql, params) => spy.query(sql, params);
    await ensurePlannedSlots(db, 'fresh', plan('2026-11-28'));
    expect(spy.inserts).toHaveLength(1);
  });
});
