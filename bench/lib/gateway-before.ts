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
} as const;

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
