import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The gateway's layering (issue #24 item 5, docs/decisions/0212): plugins/ wires concerns into
// Fastify and nothing imports from it; no two folders of server/ depend on each other, directly or
// round a longer loop. Files at the top of server/ (app.ts, main.ts, config.ts, logger.ts...) are
// the root: they may import anything, and folders may import them, but not the entry points.
const SERVER = resolve(import.meta.dirname);
const ENTRY_POINTS = new Set(['app.ts', 'main.ts', 'gateway-process.ts', 'dev.ts']);

type Arrow = { from: string; to: string };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every import, export-from and import() of a module under server/ that names another one. */
function arrows(): Arrow[] {
  return sources(SERVER).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => ({
        from: relative(SERVER, file),
        to: relative(SERVER, resolve(dirname(file), fileName)),
      }))
      .filter(({ to }) => !to.startsWith('..')),
  );
}

/** The folder of a module under server/, or null for the root. */
const folderOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : null);

describe('server/ layering', () => {
  const all = arrows();

  it('reads the imports it checks', () => {
    expect(all).toContainEqual({ from: 'app.ts', to: 'plugins/errors' });
    expect(all.length).toBeGreaterThan(100);
  });

  it('imports nothing from plugins/ outside plugins/ and the root', () => {
    const back = all.filter(
      ({ from, to }) => folderOf(to) === 'plugins' && ![null, 'plugins'].includes(folderOf(from)),
    );
    expect(back).toEqual([]);
  });

  it('imports no entry point (app, main, dev) from a folder', () => {
    const up = all.filter(({ from, to }) => folderOf(from) && ENTRY_POINTS.has(`${to}.ts`));
    expect(up).toEqual([]);
  });

  it('has no two folders that import each other, nor a longer loop of folders', () => {
    const uses = new Map<string, Map<string, string>>(); // folder -> folder -> an arrow
    for (const { from, to } of all) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (!a || !b || a === b) continue;
      if (!uses.has(a)) uses.set(a, new Map());
      if (!uses.get(a)!.has(b)) uses.get(a)!.set(b, `${from} -> ${to}`);
    }
    const loops: string[][] = [];
    const walk = (path: string[], arrowsSoFar: string[]) => {
      for (const [next, arrow] of uses.get(path.at(-1)!) ?? []) {
        if (next === path[0]) loops.push([...arrowsSoFar, arrow]);
        // Each loop once: from its alphabetically first folder.
        else if (!path.includes(next) && next > path[0]!)
          walk([...path, next], [...arrowsSoFar, arrow]);
      }
    };
    for (const folder of [...uses.keys()].sort()) walk([folder], []);
    expect(loops).toEqual([]);
  });
});
