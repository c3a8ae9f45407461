// Bundles the two Node processes (gateway and reference platform) into dist/.
// npm packages stay external; our own TypeScript (server/, shared/, platform/) is compiled in.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

// The gateway's chunks are named by their content: emptied first, none of an older build stays.
await rm('dist/server', { recursive: true, force: true });
await Promise.all([
  // Split: the gateway's main.js settles NODE_ENV before it imports the process, whose package
  // imports one bundle would have hoisted above it (server/main.ts, ADR 0312).
  build({ ...common, entryPoints: ['server/main.ts'], outdir: 'dist/server', splitting: true }),
  build({ ...common, entryPoints: ['platform/main.ts'], outfile: 'dist/platform/main.js' }),
]);

// The platform reads its SQL migrations at start; ship them beside the bundle.
// Emptied first: a renamed migration must not stay behind under its old name.
await rm('dist/platform/migrations', { recursive: true, force: true });
await cp('platform/migrations', 'dist/platform/migrations', { recursive: true });
