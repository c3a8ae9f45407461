import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPlatformConfig } from '../config';
import { sweptTables } from './swept-tables';

// Every table a service deletes rows from is swept (docs/decisions/0363): on PGlite, which has no
// autovacuum, a table left out grows by every row ever deleted from it. The development inboxes
// and the outbox are pruned by their own bounds (platform/db/bounded-table.ts, 0359).
const SERVICES = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the swept tables', () => {
  it('name every table a service deletes rows from', () => {
    const deletes = sources(SERVICES).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/delete\s+from\s+(\w+)/gi)].map(
        (match) => `${match[1]} (${relative(SERVICES, path)})`,
      ),
    );
    // The search finds them: the cart's items go in several places.
    expect(deletes).toContain('cart_items (booking/merge.ts)');
    const swept = new Set(sweptTables(loadPlatformConfig({})).map((table) => table.name));
    expect(deletes.filter((found) => !swept.has(found.split(' ')[0]!))).toEqual([]);
  });

  it('are tables of the schema, each once', () => {
    const names = sweptTables(loadPlatformConfig({})).map((table) => table.name);
    expect(new Set(names).size).toBe(names.length);
    const migrations = fileURLToPath(new URL('../migrations/', import.meta.url));
    const schema = readdirSync(migrations)
      .map((name) => readFileSync(join(migrations, name), 'utf8'))
      .join('\n');
    for (const name of names) expect(schema).toMatch(new RegExp(`create table ${name} \\(`));
  });
});
