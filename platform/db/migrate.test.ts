import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import { migrate } from './migrate';

// The migrations stop where their checkpoint throws (the platform's stop while starting,
// docs/decisions/0367): those before it are recorded, the rest wait for the next start.
let db: Db;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storefront-migrate-'));
  for (const [index, name] of ['first', 'second', 'third'].entries())
    await writeFile(join(dir, `00${index + 1}_${name}.sql`), `create table ${name} (id int);\n`);
  db = await openDb({});
}, 60_000);
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

const tables = async () =>
  (
    await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_name <> 'schema_migrations' order by 1`,
    )
  ).rows.map((row) => row.name);

describe('migrate with a checkpoint', () => {
  it(
    'stops before the migration its checkpoint refuses, keeping those before',
    { timeout: 60_000 },
    async () => {
      const stop = new Error('stopped while starting');
      const asked: string[] = [];
      const checkpoint = async (file: string) => {
        asked.push(file);
        if (file === '002_second.sql') throw stop;
      };
      await expect(migrate(db, dir, { checkpoint })).rejects.toBe(stop);
      expect(asked).toEqual(['001_first.sql', '002_second.sql']);
      expect(await tables()).toEqual(['first']);

      // The next start applies the rest, asking only about those.
      asked.length = 0;
      expect(await migrate(db, dir, { checkpoint: async (file) => void asked.push(file) })).toEqual(
        ['002_second.sql', '003_third.sql'],
      );
      expect(asked).toEqual(['002_second.sql', '003_third.sql']);
      expect(await tables()).toEqual(['first', 'second', 'third']);
    },
  );
});
