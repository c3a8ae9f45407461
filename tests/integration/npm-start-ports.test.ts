import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/nginx';

// Issue #25 item 6: `npm start` with one of its ports taken said "Storefront is running" (the
// health checks answered from whatever held the port), then stopped. It now names the port and
// the variable that sets it, starts nothing (no build either) and exits non-zero. So does a port
// the gateway or the platform would refuse (PORT=0 started the platform, then stopped the shop on
// the gateway's configuration error): with their message.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const held: Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function hold(host: string): Promise<number> {
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((done) => server.listen(port, host, done));
  held.push(server);
  return port;
}

function npmStart(env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, METRICS_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('npm start with a port taken', () => {
  it("names the shop's port, starts nothing and exits non-zero", async () => {
    const port = await hold('127.0.0.1');
    const { code, out } = await npmStart({
      PORT: String(port),
      PLATFORM_PORT: String(await freePort()),
      IDP_PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(out).toContain(`Port ${port} (PORT, the shop) is already in use`);
    expect(out).toContain(`PORT=${port + 100} npm start`);
    expect(out).not.toContain('Storefront is running');
    expect(out).not.toContain('Building');
  });

  it("names the platform's port the same way", async () => {
    const platformPort = await hold('127.0.0.1');
    const { code, out } = await npmStart({
      PORT: String(await freePort()),
      PLATFORM_PORT: String(platformPort),
      IDP_PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(out).toContain(`Port ${platformPort} (PLATFORM_PORT, the platform) is already in use`);
    expect(out).not.toContain('Storefront is running');
  });
});

describe('npm start with a port its processes would refuse', () => {
  it('says so as the gateway does, before building or starting anything', async () => {
    for (const PORT of ['0', 'eighty']) {
      const { code, out } = await npmStart({
        PORT,
        PLATFORM_PORT: String(await freePort()),
        IDP_PORT: String(await freePort()),
      });
      expect(code, out).toBe(1);
      expect(out).toMatch(
        /^Invalid gateway configuration:\n {2}PORT: must be a port number, 1-65535/,
      );
      expect(out).toContain('The shop did not start.');
      // Nothing started: no platform, hence no gateway stopping the shop either.
      expect(out).not.toContain('stopped');
      expect(out).not.toContain('Building');
    }
  });

  it("says so as the platform does for the platform's ports", async () => {
    const { code, out } = await npmStart({
      PORT: String(await freePort()),
      PLATFORM_PORT: '70000',
      IDP_PORT: '0',
    });
    expect(code, out).toBe(1);
    expect(out).toContain(
      'Invalid platform configuration:\n  PLATFORM_PORT: must be a port number, 1-65535',
    );
    expect(out).toContain('Invalid identity provider configuration:\n  IDP_PORT: must be a port');
    expect(out).not.toMatch(/^\s+at /m);
  });
});
