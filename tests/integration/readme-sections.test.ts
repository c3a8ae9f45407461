import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/compose-file';

// The README's sections that name files, folders, scripts and suites, held to what the checkout
// has (its settings tables are settings-table.test.ts). A script, a folder, a screen or a vitest
// project added or removed without its line in the README fails here, not in a newcomer's hands.
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The text of the README's section `## title`, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`no "## ${title}" in the README`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("the README's top commands", () => {
  it('are the package scripts, and CI runs the test command', () => {
    const commands = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(commands).toMatch(/^npm ci && npm start\b/m);
    expect(commands).toMatch(/^npm test\b/m);
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBeDefined();
    expect(read('.ci/run')).toMatch(/^npm test$/m);
  });
});

describe("the README's Scripts table", () => {
  it('names every package script, and only those', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const table = section('Scripts')
      .split('\n')
      .filter((line) => line.startsWith('| `npm'));
    // `npm start`, `npm test`, `npm run x` and the short `test:e2e` after a slash.
    const named = table.flatMap((line) => {
      const cell = line.split('|')[1]!;
      return [...cell.matchAll(/`(?:npm (?:run )?)?([a-z][\w:-]*)(?: [^`]*)?`/g)].map((m) => m[1]!);
    });
    expect(sorted(named)).toEqual(sorted(Object.keys(scripts)));
  });
});

describe("the README's Layout", () => {
  // The folders git tracks: build outputs, data directories and a developer's scratch are not
  // the layout (ignored, or excluded in .git/info/exclude).
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  const folders = tracked
    .filter((path) => path.includes('/') && !path.startsWith('.'))
    .map((path) => path.slice(0, path.indexOf('/')));

  it('names every folder of the checkout, and each it names exists', () => {
    // Items apart by " · ", each led by its folder; the docs item names docs' own folders too.
    const items = section('Layout').split('\n\n')[1]!.split(/\s·\s/);
    const folderOf = (item: string) => /`([a-z][\w-]*)\/`/.exec(item)?.[1];
    expect(sorted(folders).length).toBeGreaterThan(5);
    expect(sorted(items.map(folderOf).filter((name) => name !== undefined))).toEqual(
      sorted(folders),
    );
    const docsItem = items.find((item) => folderOf(item) === 'docs') ?? '';
    const docsNamed = [...docsItem.matchAll(/`([a-z]+)\/`/g)].map((m) => m[1]!).slice(1);
    const docsFolders = tracked
      .filter((path) => /^docs\/[^/]+\//.test(path))
      .map((path) => path.split('/')[1]!);
    expect(sorted(docsNamed)).toEqual(sorted(docsFolders));
  });
});

describe("the README's Tests section", () => {
  it('counts and names the vitest projects of vitest.config.ts', () => {
    const config = read('vitest.config.ts');
    const projects = [...config.matchAll(/^\s*name: '([\w-]+)',$/gm)].map((m) => m[1]!);
    const tests = section('Tests');
    const count = /runs (\w+) vitest projects/.exec(tests)?.[1];
    const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    expect(words.indexOf(count ?? '') + 1).toBe(projects.length);
    const named = [...tests.matchAll(/^- `([\w-]+)` —/gm)].map((m) => m[1]!);
    expect(sorted(named)).toEqual(sorted(projects));
  });
});

describe("the README's Screens", () => {
  it('lists every image of docs/screens, and each it lists is there', () => {
    const listed = [...section('Screens').matchAll(/\]\(docs\/screens\/([\w-]+\.png)\)/g)].map(
      (m) => m[1]!,
    );
    const files = readdirSync(join(ROOT, 'docs/screens'));
    expect(listed.length).toBeGreaterThan(10);
    expect(sorted(listed)).toEqual(sorted(files));
    expect(listed.length).toBe(new Set(listed).size);
  });
});
