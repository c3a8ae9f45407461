import type { Db } from '../db/db';
import { seed as core } from './01-core';
import { seed as catalogue } from './02-catalogue';
import { seed as commerce } from './03-commerce';

// Runs the seed modules in order at every start. Each is deterministic and idempotent, so running
// them again leaves the data as it was (see each module for what it refreshes and what it keeps).
export type SeedName = 'core' | 'catalogue' | 'commerce';
export type SeedModule = { name: SeedName; seed: (db: Db) => Promise<void> };

export const seedModules: SeedModule[] = [
  { name: 'core', seed: core },
  { name: 'catalogue', seed: catalogue },
  { name: 'commerce', seed: commerce },
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
    timings.push({ name: module.name, ms: Math.round(performance.now() - started) });
  }
  return timings;
}
