import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

// The benches measure their own build, in build-bench/ (or BUILD_DIR), so they never race another
// engineer's `npm run build`: the React Router build, and the gateway bundled as
// scripts/build-node.mjs does it, written to <build dir>/dist/server/main.js.
export const BUILD_DIR = process.env.BUILD_DIR ?? 'build-bench';
process.env.BUILD_DIR = BUILD_DIR;

export const serverEntry = resolve(BUILD_DIR, 'server/index.js');
export const gatewayMain = resolve(BUILD_DIR, 'dist/server/main.js');

// BENCH_REBUILD=1 rebuilds once per bench process (not again for each gateway it starts).
let rebuild = process.env.BENCH_REBUILD === '1';
let gatewayRebuild = rebuild;

/** Builds the client (react-router build, precompressed assets) unless already built, or BENCH_REBUILD=1. */
export function ensureClientBuild(): void {
  if (!rebuild && existsSync(serverEntry)) return;
  rebuild = false;
  console.error(`building the app into ${BUILD_DIR}/ ...`);
  execFileSync('npx', ['react-router', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BUILD_DIR },
  });
  // As npm run build does: .br and .gz siblings of the assets (scripts/precompress.mjs).
  execFileSync(process.execPath, ['scripts/precompress.mjs', BUILD_DIR], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Bundles server/main.ts like scripts/build-node.mjs, into the bench's own build dir. */
export async function ensureGatewayBundle(): Promise<void> {
  ensureClientBuild();
  if (!gatewayRebuild && existsSync(gatewayMain)) return;
  gatewayRebuild = false;
  await bundleGateway('.', gatewayMain);
}

/**
 * server/main.ts of the checkout in `dir`, bundled as scripts/build-node.mjs does (split: main.js
 * imports the process's chunk once NODE_ENV is settled), to `outfile`, a `main.js`.
 */
export async function bundleGateway(dir: string, outfile: string): Promise<void> {
  if (basename(outfile) !== 'main.js') throw new Error(`${outfile}: the entry is main.js`);
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: resolve(dir),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    entryPoints: ['server/main.ts'],
    outdir: dirname(outfile),
    splitting: true,
  });
}
