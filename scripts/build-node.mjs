// Bundles the two Node processes (gateway and reference platform) into dist/.
// npm packages stay external; our own TypeScript (server/, shared/, platform/) is compiled in.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

await Promise.all([
  build({ ...common, entryPoints: ['server/main.ts'], outfile: 'dist/server/main.js' }),
  build({ ...common, entryPoints: ['platform/main.ts'], outfile: 'dist/platform/main.js' }),
]);

// The platform reads its SQL migrations at start; ship them beside the bundle.
// Emptied first: a renamed migration must not stay behind under its old name.
const { cp, rm } = await import('node:fs/promises');
await rm('dist/platform/migrations', { recursive: true, force: true });
await cp('platform/migrations', 'dist/platform/migrations', { recursive: true });
