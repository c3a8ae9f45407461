import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/nginx';

// `npm run start:gateway` and `npm run start:platform` (the built processes alone, README
// "Scripts") stopped as a supervisor stops them: SIGTERM to the process it started, npm. npm passes
// the signal to its child, the shell of the script; Debian's sh died of it and left Node running,
// still holding its port, never shut down gracefully, so that the replica started again in its
// place found its port taken. The scripts now `exec` Node, which gets the signal itself and stops
// as on any SIGTERM (ADR 0312, 0378). Needs `npm run build`.
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );

/** npm run `script` until `url` answers, then SIGTERM to npm: its output and whether Node is gone. */
async function runAndStop(script: string, env: Record<string, string>, url: string) {
  const child = spawn('npm', ['run', '--silent', script], {
    env: { PATH: process.env.PATH, LOG_FORMAT: 'json', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, for the clean-up below; the signal goes to npm alone.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 30_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`not up: ${output}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGTERM');
  await exited;
  // Node had the signal's shutdown to do; a second is plenty after npm is gone.
  let stillUp = true;
  for (let attempt = 0; attempt < 20 && stillUp; attempt++) {
    await new Promise((done) => setTimeout(done, 250));
    stillUp = await answers(url);
  }
  // What the old scripts left running, still in npm's process group.
  if (stillUp) process.kill(-child.pid!, 'SIGKILL');
  return { output, stillUp };
}

describe('npm run of a built process, stopped with SIGTERM to npm', () => {
  it('start:gateway: the gateway gets the signal and shuts down', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const run = await runAndStop(
      'start:gateway',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        PLATFORM_URL: 'http://127.0.0.1:9',
        METRICS_PORT: '0',
        SHUTDOWN_DELAY_MS: '200',
      },
      `http://127.0.0.1:${port}/healthz`,
    );
    expect(run.stillUp, run.output).toBe(false);
    expect(run.output).toContain('"signal":"SIGTERM","msg":"shutting down: not ready any more"');
  });

  it('start:platform: the platform gets the signal and closes', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'storefront-npm-run-stop-'));
    dirs.push(dataDir);
    const port = await freePort();
    const run = await runAndStop(
      'start:platform',
      {
        PLATFORM_PORT: String(port),
        PLATFORM_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        IDP_ENABLED: 'false',
      },
      `http://127.0.0.1:${port}/readyz`,
    );
    expect(run.stillUp, run.output).toBe(false);
    expect(run.output).toContain('"signal":"SIGTERM","msg":"closing"');
  });
});
