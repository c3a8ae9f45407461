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
  /** What start.mjs and its processes wrote so far (the tail). */
  output(): string;
  close(): Promise<void>;
};

export async function startNpmStart(env: Record<string, string> = {}): Promise<NpmStartShop> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storefront-npm-start-'));
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
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
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
    output: () => output,
    close,
  };
}
