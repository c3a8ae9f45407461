import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpEmbedded, openDb } from '../../platform/db/db';
import { migrate } from '../../platform/db/migrate';
import { runSeeds, type SeedName } from '../../platform/seed/index';

// Creating an embedded PostgreSQL cluster (initdb) plus migrations and seeds takes many seconds,
// and every platform test file needs one. The first test builds a migrated, seeded database once,
// dumps it to a tarball in the temp directory, and every later test loads that dump instead. The
// file name carries a hash of the platform's code, so any change to migrations or seeds makes a new one.
const ROOT = new URL('../../', import.meta.url).pathname;

function platformFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return platformFiles(path);
    return /\.(ts|sql)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

function templateKey(seeds: readonly SeedName[] | undefined): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(seeds ?? 'all'));
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of platformFiles(join(ROOT, 'platform')).sort())
    hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export async function seededTemplate(seeds?: readonly SeedName[]): Promise<Blob> {
  const file = join(tmpdir(), `storefront-platform-${templateKey(seeds)}.tar.gz`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const db = await openDb({});
  try {
    await migrate(db);
    await runSeeds(db, seeds);
    const dump = await dumpEmbedded(db);
    // Written under a private name, then renamed: a test running in parallel never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    await removeOldTemplates(file);
    return dump;
  } finally {
    await db.close();
  }
}

/** Dumps of earlier code stay a while (another checkout may still use one), then go. */
async function removeOldTemplates(keep: string): Promise<void> {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of await readdir(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith('storefront-platform-') || path === keep) continue;
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < hourAgo) await rm(path, { force: true });
  }
}
