import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleGateway } from './build';

// Older gateways, for a before/after of the proxy in one run: a commit checked out from git into a
// worktree of its own (build-before-<commit>/, ignored like the other build dirs), with this
// checkout's node_modules, and bundled as the current one is (`bundleGateway`). An environment
// variable may name another bundle instead. Null when git cannot give that commit (a shallow or
// exported copy): the caller says so.
export const BEFORE = {
  /** main before issue #11 (the proxy's capacity target). */
  issue11: { commit: '328b43d', env: 'PROXY_BEFORE_MAIN' },
  /** main before issue #24 (one proxy engine: no CPU regression beyond 10 %). */
  issue24: { commit: '0aa7ea9', env: 'PROXY_BEFORE_24_MAIN' },
  /** main before issue #30 (pages one upstream round trip deep): bench/latency.ts. */
  issue30: { commit: '2d3474d', env: 'LATENCY_BEFORE_MAIN' },
} as const;

/**
 * The React Router build of an older gateway's own client, in its worktree (`<dir>/build`), for a
 * bench of its pages: an older gateway with this checkout's client would measure neither.
 */
export function clientBuildBefore(main: string): string {
  const dir = resolve(main, '../../..');
  const build = join(dir, 'build');
  if (existsSync(join(build, 'server/index.js'))) return build;
  console.error(`building the client of ${dir} into ${build}/ ...`);
  const env = { ...process.env, BUILD_DIR: 'build' };
  execFileSync('npx', ['react-router', 'build'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync(process.execPath, ['scripts/precompress.mjs', 'build'], {
    cwd: dir,
    env,
    stdio: 'ignore',
  });
  return build;
}

export async function gatewayBefore(which: keyof typeof BEFORE): Promise<string | null> {
  const { commit, env } = BEFORE[which];
  if (process.env[env]) return process.env[env];
  const dir = resolve(`build-before-${commit}`);
  const main = join(dir, 'dist/server/main.js');
  if (existsSync(main)) return main;
  try {
    if (!existsSync(dir)) {
      execFileSync('git', ['worktree', 'add', '--detach', dir, commit], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    }
    if (!existsSync(join(dir, 'node_modules'))) {
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    }
  } catch (error) {
    console.error(`proxy-overhead: no build of ${commit} (${String(error)})`);
    return null;
  }
  console.error(`bundling the gateway of ${commit} into ${dir}/ ...`);
  await bundleGateway(dir, main);
  return main;
}
