import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No module of the shop imports itself back, directly or round a longer loop, not even for a type
// alone: a type lives in the module the others build on (the gateway's folders have their own,
// stricter rule: server/layering.test.ts). Test files are left out.
const ROOT = resolve(import.meta.dirname, '..');
const FOLDERS = ['client', 'server', 'shared', 'platform'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The file a relative specifier names, as TypeScript resolves it here; null outside the sources. */
function fileOf(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** Module -> the modules it imports (import, export-from, import(), type imports too). */
function graph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => sources(join(ROOT, folder)));
  return new Map(
    files.map((file) => [
      relative(ROOT, file),
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
        .map(({ fileName }) => fileOf(file, fileName))
        .filter((to): to is string => to !== null && !/\.test\.tsx?$/.test(to))
        .map((to) => relative(ROOT, to)),
    ]),
  );
}

/** The strongly connected groups of more than one module (Tarjan), each sorted. */
function loops(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import loops', () => {
  const edges = graph();

  it('reads the imports it checks, type imports and import() included', () => {
    expect(edges.get('server/observability/breadcrumbs.ts')).toContain(
      'server/observability/scope.ts',
    );
    expect(edges.get('client/analytics/track.ts')).toContain('client/analytics/sender.ts');
    expect([...edges.values()].flat().length).toBeGreaterThan(1_000);
  });

  it('finds a loop when there is one', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(loops(looped)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('has none in client/, server/, shared/ and platform/', () => {
    expect(loops(edges)).toEqual([]);
  });
});
