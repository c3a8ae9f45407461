import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPlatformSource, waitUntilUp } from '../support/platform-source-process';

// The real platform process (platform/main.ts): a bad configuration stops it with a readable
// message; it starts on DATA_DIR, stops cleanly on SIGTERM, and starts again with the data kept;
// a write it answered is kept also when the process is killed right after (SIGKILL: no exit
// handler, no close of the database). One DATA_DIR serves one platform: a second refuses to start
// (docs/decisions/0006). Its port is its own from the start: "starting" (503) until it is ready
// (docs/decisions/0361).
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-process-'));
  dataDirs.push(dir);
  return dir;
}

const startProcess = (env: Record<string, string>) =>
  runPlatformSource({ LOG_LEVEL: 'warn', ...env });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const signIn = (url: string, email: string, password: string) =>
  fetch(`${url}/api/services/uaa/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-domain-origin': 'http://localhost:3000' },
    body: JSON.stringify({ email, password }),
  });

describe('platform process', () => {
  it('refuses a bad configuration, naming the field', { timeout: 60_000 }, async () => {
    const run = startProcess({ PLATFORM_PORT: 'eighty', DATABASE_URL: 'not a url' });
    expect(await run.exit).toBe(1);
    expect(run.output()).toContain('Invalid platform configuration');
    expect(run.output()).toMatch(/PLATFORM_PORT/);
    expect(run.output()).toMatch(/DATABASE_URL/);
  });

  it(
    'holds its port while it migrates: 503 starting, nobody else listening, then ready',
    { timeout: 240_000 },
    async () => {
      // A new DATA_DIR: the migrations and the seed take seconds.
      const dataDir = await newDataDir();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const run = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: String(port) });
      try {
        let first: Response | null = null;
        while (!first && run.child.exitCode === null) {
          first = await fetch(`${url}/readyz`).catch(() => null);
          if (!first) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(first?.status, run.output()).toBe(503);
        expect(await first!.json()).toMatchObject({ status: 'starting' });
        const intruder = createServer();
        const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
          intruder.once('error', resolve);
          intruder.listen(port, '127.0.0.1', () => intruder.close(() => resolve(null)));
        });
        expect(refused?.code).toBe('EADDRINUSE');
        await waitUntilUp(url, run.child);
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
      } finally {
        run.child.kill('SIGTERM');
        expect(await run.exit).toBe(0);
      }
    },
  );

  it('keeps its data across a SIGTERM and a restart', { timeout: 240_000 }, async () => {
    const dataDir = await newDataDir();
    const port = String(await freePort());
    const url = `http://127.0.0.1:${port}`;
    const first = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: port });
    await waitUntilUp(url, first.child);
    const changed = await fetch(`${url}/api/services/uaa/api/v1/account/change-password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-domain-origin': 'http://localhost:3000',
        authorization: `Bearer ${(await (await signIn(url, 'shopper@example.com', 'demo1234')).json()).access_token}`,
      },
      body: JSON.stringify({ currentPassword: 'demo1234', newPassword: 'kept-after-restart' }),
    });
    expect(changed.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const second = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: port });
    try {
      await waitUntilUp(url, second.child);
      // The seed ran again but kept the changed password.
      expect((await signIn(url, 'shopper@example.com', 'kept-after-restart')).status).toBe(200);
      expect((await signIn(url, 'shopper@example.com', 'demo1234')).status).toBe(401);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
    }
  });

  it(
    'keeps a write it answered when killed (SIGKILL) right after',
    { timeout: 240_000 },
    async () => {
      // The profile's update is one statement outside a transaction: the embedded database asks
      // PGlite for no sync (docs/decisions/0289), and the answer means the row is on disk.
      const dataDir = await newDataDir();
      const port = String(await freePort());
      const url = `http://127.0.0.1:${port}`;
      const info = `${url}/api/services/profile/api/v1/info`;
      const first = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: port });
      await waitUntilUp(url, first.child);
      const token = (await (await signIn(url, 'shopper@example.com', 'demo1234')).json())
        .access_token as string;
      const headers = {
        'content-type': 'application/json',
        'x-domain-origin': 'http://localhost:3000',
        authorization: `Bearer ${token}`,
      };
      const changed = { firstName: 'Killed', lastName: 'Rightafter', phone: '+44 20 7946 0999' };
      const put = await fetch(info, { method: 'PUT', headers, body: JSON.stringify(changed) });
      expect(put.status).toBe(200);
      first.child.kill('SIGKILL');
      await first.exit;

      const second = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: port });
      try {
        await waitUntilUp(url, second.child);
        const read = await fetch(info, { headers });
        expect(read.status).toBe(200);
        expect(await read.json()).toMatchObject(changed);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exit).toBe(0);
      }
    },
  );

  it(
    'refuses a second platform on the same DATA_DIR, naming it and the holder',
    { timeout: 240_000 },
    async () => {
      const dataDir = await newDataDir();
      const port = String(await freePort());
      const url = `http://127.0.0.1:${port}`;
      const first = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: port, IDP_ENABLED: 'false' });
      try {
        await waitUntilUp(url, first.child);
        const second = startProcess({
          DATA_DIR: dataDir,
          PLATFORM_PORT: String(await freePort()),
          IDP_ENABLED: 'false',
        });
        const code = await Promise.race([
          second.exit,
          new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000)),
        ]);
        second.child.kill('SIGKILL');
        expect(code, second.output()).toBe(1);
        expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use`);
        expect(second.output()).toContain(`process ${first.child.pid}`);
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
      } finally {
        first.child.kill('SIGTERM');
        expect(await first.exit).toBe(0);
      }
      // Released on exit: the next platform starts.
      await expect(readFile(join(dataDir, 'platform.lock'))).rejects.toThrow(/ENOENT/);
    },
  );

  it('takes over the lock of a process that is gone', { timeout: 240_000 }, async () => {
    const dataDir = await newDataDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(
      join(dataDir, 'platform.lock'),
      JSON.stringify({ pid: gone.pid, startedAt: new Date(0).toISOString() }),
    );
    const port = String(await freePort());
    const run = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: port, IDP_ENABLED: 'false' });
    try {
      await waitUntilUp(`http://127.0.0.1:${port}`, run.child);
      const lock = JSON.parse(await readFile(join(dataDir, 'platform.lock'), 'utf8'));
      expect(lock.pid).toBe(run.child.pid);
    } finally {
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(0);
    }
  });
});
