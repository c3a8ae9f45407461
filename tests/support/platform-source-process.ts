import { spawn, type ChildProcess } from 'node:child_process';

// The platform run from its sources (`node --import tsx platform/main.ts`) as a child process,
// for the tests of its start and stop: no build needed, its output kept whole to read its lines.
// Without the demo identity provider unless `env` asks for it: its port (IDP_PORT, 4001) may be
// another shop's on this machine, and a platform that cannot listen there stops.
const ROOT = new URL('../../', import.meta.url).pathname;

export type PlatformSourceProcess = {
  child: ChildProcess;
  /** The exit code (null: ended by a signal). */
  exit: Promise<number | null>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
};

export function runPlatformSource(env: Record<string, string>): PlatformSourceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'platform/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, IDP_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exit, output: () => output };
}

/** Waits until the platform at `url` answers /healthz 200; throws if it exits first. */
export async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1_200 && child.exitCode === null; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('platform did not start');
}
