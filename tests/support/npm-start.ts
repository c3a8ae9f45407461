import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './nginx';

// The shop as `npm start` runs it (scripts/start.mjs: the built platform and gateway as two
// processes, the demo sign-in provider), on free ports and a fresh data directory. It needs the
// build to be newer than the code, or start.mjs builds first.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type NpmStartShop = {
  /** http://localhost:<PORT>, the Fresh Market shop. */
  url: string;
  platformUrl: string;
  dataDir: string;
  /** start.mjs's process id (with `detached`, its process group's too, as a terminal's job). */
  pid: number;
  /** start.mjs's exit code once it is gone (null when a signal ended it). */
  exited: Promise<number | null>;
  /** What start.mjs and its processes wrote so far (the tail). */
  output(): string;
  close(): Promise<void>;
};

export type NpmStartOptions = {
  /** start.mjs in a process group of its own, which a test can signal as a terminal does. */
  detached?: boolean;
  /** The caller's data directory, kept; by default a fresh one, removed by close(). */
  dataDir?: string;
};

export async function startNpmStart(
  env: Record<string, string> = {},
  options: NpmStartOptions = {},
): Promise<NpmStartShop> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'storefront-npm-start-')));
  const [port, platformPort, idpPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PLATFORM_PORT: String(platformPort),
      IDP_PORT: String(idpPort),
      METRICS_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 150_000;
  while (!output.includes('Storefront is running')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`npm start did not start:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    url: `http://localhost:${port}`,
    platformUrl: `http://127.0.0.1:${platformPort}`,
    dataDir,
    pid: child.pid!,
    exited,
    output: () => output,
    close,
  };
}
