import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/nginx';
import { runPlatformSource, waitUntilUp } from '../support/platform-source-process';

// The real platform process (platform/main.ts) signalled while it starts on a new DATA_DIR, as
// Kubernetes does to a pod replaced during its start and Ctrl+C to `npm start`: it stops between
// two steps of the start, closes its database, exits 0 saying it stopped while starting, and
// leaves neither its lock nor its port; the next start on the same DATA_DIR finishes the
// migrations and the seed (docs/decisions/0367). Before, the signal ended it where it was.
// Events are awaited, never durations: the machines are shared.
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-stop-starting-'));
  dataDirs.push(dir);
  return dir;
}

const startProcess = (env: Record<string, string>) =>
  runPlatformSource({ LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env });

/** The pino lines the process wrote, by message. */
function logged(output: string, message: string): Record<string, unknown> | undefined {
  for (const line of output.split('\n')) {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.msg === message) return entry;
    } catch {
      // not a log line
    }
  }
  return undefined;
}

const healthz = (url: string) =>
  fetch(`${url}/healthz`).then(
    (r) => r.status,
    () => null,
  );

/** Polls until `done` holds, the process exits or it is ready (200): what happened first. */
async function until(
  run: ReturnType<typeof startProcess>,
  url: string,
  done: () => boolean | Promise<boolean>,
): Promise<'done' | 'exited' | 'ready'> {
  for (let i = 0; i < 6_000; i++) {
    if (await done()) return 'done';
    if (run.child.exitCode !== null || run.child.signalCode !== null) return 'exited';
    if ((await healthz(url)) === 200) return 'ready';
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the platform neither started nor said anything');
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

const shop = { 'content-type': 'application/json', 'x-domain-origin': 'http://localhost:3000' };

/** The stop's outcome: exit 0, the line, no "database ready", the lock and the port released. */
async function expectStoppedWhileStarting(
  run: ReturnType<typeof startProcess>,
  signal: NodeJS.Signals,
  dataDir: string,
  port: number,
) {
  expect(await run.exit, run.output()).toBe(0);
  expect(logged(run.output(), 'stopped while starting'), run.output()).toMatchObject({ signal });
  expect(logged(run.output(), 'database ready')).toBeUndefined();
  await expect(readFile(join(dataDir, 'platform.lock'))).rejects.toThrow(/ENOENT/);
  expect(await portFree(port)).toBe(true);
}

describe('platform process signalled while it starts', () => {
  it(
    'stops cleanly on SIGTERM while migrating; the next start finishes with the data whole',
    { timeout: 300_000 },
    async () => {
      const dataDir = await newDataDir();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const first = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: String(port) });
      // The migrations and the seed of a new DATA_DIR follow this line for seconds.
      const seen = await until(first, url, () =>
        first.output().includes('database open: migrating and seeding'),
      );
      first.child.kill('SIGTERM');
      expect(seen, first.output()).toBe('done');
      await expectStoppedWhileStarting(first, 'SIGTERM', dataDir, port);

      const second = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: String(port) });
      try {
        await waitUntilUp(url, second.child);
        const signIn = await fetch(`${url}/api/services/uaa/api/v1/auth/sign-in`, {
          method: 'POST',
          headers: shop,
          body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
        });
        expect(signIn.status).toBe(200);
        const token = ((await signIn.json()) as { access_token: string }).access_token;
        const featured = await fetch(
          `${url}/api/services/catalogue/api/v1/products/featured?limit=3`,
          { headers: shop },
        );
        expect(((await featured.json()) as { items: unknown[] }).items).toHaveLength(3);
        const lists = await fetch(`${url}/api/services/shopping-lists/api/v1/lists`, {
          headers: { ...shop, authorization: `Bearer ${token}` },
        });
        expect(((await lists.json()) as { items: { id: string }[] }).items).toContainEqual(
          expect.objectContaining({ id: 'list-fresh-demo-weekly' }),
        );
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exit).toBe(0);
      }
    },
  );

  it(
    'stops cleanly on SIGINT while its port answers 503 starting',
    { timeout: 300_000 },
    async () => {
      const dataDir = await newDataDir();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const run = startProcess({ DATA_DIR: dataDir, PLATFORM_PORT: String(port) });
      // The port is held before the database is opened (docs/decisions/0361).
      const seen = await until(run, url, async () => (await healthz(url)) === 503);
      run.child.kill('SIGINT');
      expect(seen, run.output()).toBe('done');
      await expectStoppedWhileStarting(run, 'SIGINT', dataDir, port);
    },
  );
});
