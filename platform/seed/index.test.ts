import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { runSeeds, type SeedName } from './index';

// The seeds stop where their checkpoint throws (the platform's stop while starting,
// docs/decisions/0367): each module is one transaction, those before it are kept whole, and the
// next start runs them all again.
let db: Db;
beforeAll(async () => {
  db = await openDb({});
  await migrate(db);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const count = async (table: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe('runSeeds with a checkpoint', () => {
  it(
    'stops before the seed its checkpoint refuses, keeping those before',
    { timeout: 120_000 },
    async () => {
      const stop = new Error('stopped while starting');
      const asked: SeedName[] = [];
      const checkpoint = async (seed: SeedName) => {
        asked.push(seed);
        if (seed === 'catalogue') throw stop;
      };
      await expect(runSeeds(db, undefined, { checkpoint })).rejects.toBe(stop);
      expect(asked).toEqual(['core', 'catalogue']);
      expect(await count('tenants')).toBe(2);
      expect(await count('products')).toBe(0);

      const timings = await runSeeds(db);
      expect(timings.map((timing) => timing.name)).toEqual(['core', 'catalogue', 'commerce']);
      expect(await count('products')).toBeGreaterThan(0);
    },
  );
});
