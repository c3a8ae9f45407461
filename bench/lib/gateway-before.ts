import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleGateway } from './build';

// The gateway as it was before issue #11 (main at 328b43d), for a before/after of the proxy in one
// run: checked out from git into a worktree of its own (build-before-328b43d/, ignored like the
// other build dirs), with this checkout's node_modules, and bundled as the current one is
// (`bundleGateway`). PROXY_BEFORE_MAIN=<a dist/server/main.js> uses another bundle instead. Null when
// git cannot give that commit (a shallow or exported copy): the caller says so.
export const BEFORE_ISSUE_11 = '328b43d';

export async function gatewayBeforeIssue11(): Promise<string | null> {
  if (process.env.PROXY_BEFORE_MAIN) return process.env.PROXY_BEFORE_MAIN;
  const dir = resolve(`build-before-${BEFORE_ISSUE_11}`);
  const main = join(dir, 'dist/server/main.js');
  if (existsSync(main)) return main;
  try {
    if (!existsSync(dir)) {
      execFileSync('git', ['worktree', 'add', '--detach', dir, BEFORE_ISSUE_11], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    }
    if (!existsSync(join(dir, 'node_modules'))) {
      symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    }
  } catch (error) {
    console.error(`proxy-overhead: no build from before issue #11 (${String(error)})`);
    return null;
  }
  console.error(`bundling the gateway of ${BEFORE_ISSUE_11} into ${dir}/ ...`);
  await bundleGateway(dir, main);
  return main;
}
