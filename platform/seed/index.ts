import type { Db } from '../db/db';
import { seed as core } from './01-core';
import { seed as catalogue } from './02-catalogue';
import { seed as commerce } from './03-commerce';

// Runs the seed modules in order at every start. Each is deterministic and idempotent, so running
// them again leaves the data as it was (see each module for what it refreshes and what it keeps).
export type SeedName = 'core' | 'catalogue' | 'commerce';
export type SeedModule = {
  name: SeedName;
  seed: (db: Db) => Promise<void>;
  /** The tables it writes again at every start, each row a new version (updated or replaced). */
  rewrites: readonly string[];
};

export const seedModules: SeedModule[] = [
  { name: 'core', seed: core, rewrites: ['tenants', 'cms_pages', 'cms_home_blocks'] },
  {
    name: 'catalogue',
    seed: catalogue,
    rewrites: ['brands', 'categories', 'products', 'product_images', 'search_words'],
  },
  { name: 'commerce', seed: commerce, rewrites: ['delivery_policies', 'delivery_slot_templates'] },
];

export type SeedTiming = { name: SeedName; ms: number };

/**
 * Runs the named seeds (all by default) in their fixed order; returns how long each took.
 * `checkpoint` is awaited before each: what it throws stops the seeding there, the modules before
 * it kept (each is one transaction; the platform's stop while starting, docs/decisions/0367).
 */
export async function runSeeds(
  db: Db,
  names?: readonly SeedName[],
  options: { checkpoint?: (seed: SeedName) => Promise<void> } = {},
): Promise<SeedTiming[]> {
  const timings: SeedTiming[] = [];
  for (const module of seedModules) {
    if (names && !names.includes(module.name)) continue;
    await options.checkpoint?.(module.name);
    const started = performance.now();
    await module.seed(db);
    await vacuumRewritten(db, module.rewrites);
    timings.push({ name: module.name, ms: Math.round(performance.now() - started) });
  }
  return timings;
}

/**
 * On PGlite, which has no autovacuum, a VACUUM of the tables a seed rewrote (docs/decisions/0369):
 * each start left the old version of every catalogue row dead, and the tables grew by a catalogue
 * a start (products and their pictures, about 5 MB) until a VACUUM. After it the next start's rows
 * take that space. A PostgreSQL server's autovacuum does this there.
 */
async function vacuumRewritten(db: Db, tables: readonly string[]): Promise<void> {
  if (!db.exclusive) return;
  for (const table of tables) await db.query(`vacuum ${table}`);
}
