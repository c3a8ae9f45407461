import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

// Versioned SQL migrations: platform/migrations/NNN_name.sql, applied once each, in name order,
// each in its own transaction, recorded in schema_migrations. From source the folder is
// platform/migrations; the bundle (dist/platform/main.js) gets a copy beside it.
// Instances that start at once on one PostgreSQL database (replicas, a rollout beside a restart)
// take turns: each transaction holds the migration lock and looks again at what is recorded, so a
// migration another instance applied meanwhile is skipped instead of failing this start.
// `checkpoint` is awaited before each migration to apply: what it throws stops the migrations
// there, those before it kept (the platform's stop while starting, docs/decisions/0367).
export const MIGRATIONS_DIR =
  [new URL('../migrations/', import.meta.url), new URL('./migrations/', import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((dir) => existsSync(join(dir, '001_core.sql'))) ??
  fileURLToPath(new URL('../migrations/', import.meta.url));

const LOCK = `select pg_advisory_xact_lock(hashtextextended('schema_migrations', 0))`;

export async function migrate(
  db: Db,
  dir = MIGRATIONS_DIR,
  options: { checkpoint?: (migration: string) => Promise<void> } = {},
): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query(LOCK);
    await tx.query(`create table if not exists schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
  });
  const done = new Set(
    (await db.query<{ version: string }>('select version from schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const files = (await readdir(dir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    await options.checkpoint?.(file);
    const sql = await readFile(join(dir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query(LOCK);
      const recorded = await tx.query('select 1 from schema_migrations where version = $1', [file]);
      if (recorded.rows.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
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
