import { spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/nginx';
import { GATEWAY_MAIN } from '../support/processes';

// The built gateway (npm run build) whose port is taken: it exits 1 at once, naming the port and
// the variable, without a stack trace. It went through the graceful shutdown instead and waited
// SHUTDOWN_DELAY_MS (meant for a balancer to stop sending to a running instance) before exiting:
// a process that never listened has nobody to drain.
const DELAY_MS = 30_000;
let held: Server;
let port: number;

beforeAll(async () => {
  held = createServer();
  await new Promise<void>((done) => held.listen(0, '127.0.0.1', done));
  port = (held.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => held.close(() => done())));

/** The gateway's exit code (null: still running after `giveUpMs`, then killed) and its output. */
function runGateway(env: Record<string, string>, giveUpMs: number) {
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PLATFORM_URL: 'http://127.0.0.1:9',
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), giveUpMs);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('gateway process whose port is taken', () => {
  it('exits 1 at once, naming PORT, not after the delay', { timeout: 60_000 }, async () => {
    const started = Date.now();
    // Well before the delay: starting takes a few seconds on a busy machine, the delay 30.
    const run = await runGateway(
      { PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DELAY_MS: String(DELAY_MS) },
      DELAY_MS / 2,
    );
    expect(run.code, run.stderr + run.stdout).toBe(1);
    expect(Date.now() - started).toBeLessThan(DELAY_MS / 2);
    expect(run.stderr).toContain(
      `The gateway did not start: port ${port} (PORT) on 127.0.0.1 (HOST) is already in use`,
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
    // Not the shutdown of a running gateway.
    expect(run.stdout).not.toContain('shutting down');
  });
});

describe('gateway process whose METRICS_HOST is not an address here', () => {
  it(
    'exits 1 naming METRICS_HOST, rather than run without its metrics',
    { timeout: 60_000 },
    async () => {
      const shop = await freePort();
      const run = await runGateway(
        {
          PORT: String(shop),
          HOST: '127.0.0.1',
          METRICS_PORT: String(port),
          METRICS_HOST: '192.0.2.1',
        },
        DELAY_MS,
      );
      expect(run.code, run.stderr + run.stdout).toBe(1);
      expect(run.stderr).toContain(
        'The gateway did not start: 192.0.2.1 (METRICS_HOST) is not an address of this machine',
      );
      expect(run.stdout).not.toContain('metrics are off');
    },
  );
});

describe('gateway process whose METRICS_PORT is taken (another gateway on this host)', () => {
  it(
    'runs without metrics, saying which port and setting to change',
    { timeout: 60_000 },
    async () => {
      const shop = await freePort();
      const child = spawn(process.execPath, [GATEWAY_MAIN], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PLATFORM_URL: 'http://127.0.0.1:9',
          PORT: String(shop),
          HOST: '127.0.0.1',
          METRICS_PORT: String(port),
          METRICS_HOST: '127.0.0.1',
          SHUTDOWN_DELAY_MS: '0',
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      // The warning, whatever its words: the whole line logged at warn (40) about the metrics.
      const warning = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no warning in ${stdout}`)), 45_000);
        child.stdout!.on('data', (chunk) => {
          stdout += chunk;
          const line = stdout
            .split('\n')
            .slice(0, -1)
            .find((l) => l.startsWith('{"level":40') && /metrics/i.test(l));
          if (line) {
            clearTimeout(timer);
            resolve((JSON.parse(line) as { msg: string }).msg);
          }
        });
      }).finally(() => child.kill('SIGTERM'));
      expect(await exited).toBe(0);
      expect(warning).toContain(`port ${port} (METRICS_PORT) on 127.0.0.1 (METRICS_HOST)`);
      expect(warning).toContain('Give each gateway its own METRICS_PORT, or METRICS_PORT=0');
    },
  );
});
