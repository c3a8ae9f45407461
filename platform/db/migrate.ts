import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

// Versioned SQL migrations: platform/migrations/NNN_name.sql, applied once each, in name order,
// each in its own transaction, recorded in schema_migrations. From source the folder is
// platform/migrations; the bundle (dist/platform/main.js) gets a copy beside it.
export const MIGRATIONS_DIR =
  [new URL('../migrations/', import.meta.url), new URL('./migrations/', import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((dir) => existsSync(join(dir, '001_core.sql'))) ??
  fileURLToPath(new URL('../migrations/', import.meta.url));

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    version text primary key, applied_at timestamptz not null default now())`);
  const done = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
    });
    applied.push(file);
  }
  return applied;
}

/** Splits a script on semicolons at the end of a line (no procedural bodies in our migrations). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
