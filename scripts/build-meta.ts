import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routeTable, toRouterPath } from '../shared/routes';

// Build metadata (specification section 7, "builds/meta/{buildId}.json for route rules";
// docs/decisions/0177), written once the client build is done (react-router.config.ts buildEnd):
// the build id (React Router's manifest version, as /builds/latest.json names it), when it was
// built, and the route rules of the route table. Served with the immutable assets at
// /assets/builds/meta/{buildId}.json; the browser runtime reads it a second after the page is idle.
export type BuildMeta = {
  id: string;
  timestamp: number;
  routes: { id: string; path: string; pattern: string; middleware: readonly string[] }[];
};

export async function writeBuildMeta(buildDirectory: string): Promise<string> {
  const assets = join(buildDirectory, 'client', 'assets');
  const manifest = (await readdir(assets)).find((name) => /^manifest-\w+\.js$/.test(name));
  if (!manifest) throw new Error(`No React Router manifest in ${assets}`);
  const id = manifest.slice('manifest-'.length, -'.js'.length);
  const meta: BuildMeta = {
    id,
    timestamp: Date.now(),
    routes: routeTable.map((route) => ({
      id: route.id,
      path: route.path,
      pattern: toRouterPath(route.path),
      middleware: route.middleware,
    })),
  };
  const dir = join(assets, 'builds', 'meta');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${id}.json`);
  await writeFile(file, JSON.stringify(meta));
  return file;
}
