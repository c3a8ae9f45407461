import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startNpmStart, type NpmStartShop } from '../support/npm-start';

// How `npm start` (scripts/start.mjs) stops, and that nothing of the shop outlives it
// (docs/decisions/0006): Ctrl+C (SIGINT to the terminal's whole job), SIGTERM or SIGHUP to
// start.mjs alone stop the gateway, then the platform, each once; start.mjs killed outright
// (SIGKILL) leaves no process holding a port or DATA_DIR, its children see it gone and stop. A
// second `npm start` on the same DATA_DIR refuses to start. Processes are read from /proc (Linux).
const dataDirs: string[] = [];
const started: number[] = [];
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storefront-npm-stop-'));
  dataDirs.push(dataDir);
});
afterEach(async () => {
  // Whatever a failing test left running.
  const left = started.splice(0).filter(running);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  await stillRunningAfter(left, 5_000);
});
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** Alive and not a zombie (an orphan's exit may wait for a reaper that never comes). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

type ShopProcesses = { gateway: number; platform: number; all: number[] };

/** start.mjs's children: the gateway and the platform. */
function shopProcesses(parent: number): ShopProcesses {
  const found: Partial<ShopProcesses> = {};
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const script = /dist\/(server|platform)\/main\.js/.exec(cmdline)?.[1];
      if (ppid !== parent || !script) continue;
      found[script === 'server' ? 'gateway' : 'platform'] = Number(name);
    } catch {
      // gone meanwhile
    }
  }
  const { gateway, platform } = found;
  if (!gateway || !platform)
    throw new Error(`npm start's processes not found: ${JSON.stringify(found)}`);
  const pids = { gateway, platform, all: [gateway, platform] };
  started.push(...pids.all);
  return pids;
}

/** When process `pid` logged `msg` (pino's JSON lines; LOG_LEVEL=info). */
function loggedAt(output: string, pid: number, msg: string): number | undefined {
  for (const line of output.split('\n')) {
    let entry: { pid?: number; msg?: string; time?: number };
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // not a log line, or cut by the tail
    }
    if (entry.pid === pid && entry.msg === msg) return entry.time;
  }
  return undefined;
}

async function stillRunningAfter(pids: number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  while (pids.some(running) && Date.now() < deadline)
    await new Promise((done) => setTimeout(done, 100));
  return pids.filter(running);
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

async function start(env: Record<string, string> = {}): Promise<NpmStartShop> {
  const shop = await startNpmStart(env, { detached: true, dataDir });
  started.push(shop.pid);
  return shop;
}

async function expectAllStopped(shop: NpmStartShop, children: ShopProcesses) {
  expect(await stillRunningAfter(children.all, 20_000)).toEqual([]);
  expect(await portFree(Number(new URL(shop.url).port))).toBe(true);
  expect(await portFree(Number(new URL(shop.platformUrl).port))).toBe(true);
  expect(existsSync(join(dataDir, 'platform.lock'))).toBe(false);
  // close-with-grace's words when a process is signalled again while it closes: it exits at once.
  expect(shop.output()).not.toMatch(/second SIG|killed by timeout/);
}

describe.skipIf(process.platform !== 'linux')('npm start stopping', () => {
  it('Ctrl+C (SIGINT to the whole job) stops the gateway, then the platform, once each', async () => {
    const shop = await start({ LOG_LEVEL: 'info' });
    const children = shopProcesses(shop.pid);
    process.kill(-shop.pid, 'SIGINT');
    expect(await shop.exited).toBe(0);
    await expectAllStopped(shop, children);
    // The gateway's requests in flight may still call the platform: it closes first.
    const gatewayClosed = loggedAt(shop.output(), children.gateway, 'closed');
    const platformClosing = loggedAt(shop.output(), children.platform, 'closing');
    expect(gatewayClosed, shop.output()).toBeDefined();
    expect(platformClosing).toBeGreaterThanOrEqual(gatewayClosed!);
  }, 180_000);

  it('a second npm start on the same DATA_DIR refuses; SIGTERM stops the first', async () => {
    const shop = await start();
    const children = shopProcesses(shop.pid);
    const second = await start().then(
      async (extra) => {
        await extra.close();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(second).toContain(`DATA_DIR ${dataDir} is in use by another platform`);
    expect((await fetch(`${shop.platformUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);
    process.kill(shop.pid, 'SIGTERM');
    expect(await shop.exited).toBe(0);
    await expectAllStopped(shop, children);
  }, 180_000);

  it('SIGHUP to npm start alone (its terminal closed) stops the shop', async () => {
    const shop = await start();
    const children = shopProcesses(shop.pid);
    process.kill(shop.pid, 'SIGHUP');
    expect(await shop.exited).toBe(0);
    await expectAllStopped(shop, children);
  }, 180_000);

  it('npm start killed outright (SIGKILL): its children see it gone and stop', async () => {
    const shop = await start();
    const children = shopProcesses(shop.pid);
    process.kill(shop.pid, 'SIGKILL');
    await shop.exited;
    await expectAllStopped(shop, children);
  }, 180_000);

  it('a child killed outright (SIGKILL) stops the shop, which exits non-zero', async () => {
    const shop = await start();
    const children = shopProcesses(shop.pid);
    process.kill(children.gateway, 'SIGKILL');
    const code = await Promise.race([
      shop.exited,
      new Promise((done) => setTimeout(() => done('still running'), 30_000)),
    ]);
    expect(code, shop.output()).toBe(1);
    expect(shop.output()).toContain('gateway stopped (SIGKILL); stopping the shop.');
    await expectAllStopped(shop, children);
  }, 180_000);
});
