import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { freePort } from '../support/nginx';
import { serveContext } from '../support/page-gateway';

// SIGTERM on the built gateway process: readiness turns 503 at once, the request in flight
// finishes, then the process exits 0.
let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

describe('graceful shutdown', () => {
  it('fails readiness, finishes in-flight requests, then exits', { timeout: 90_000 }, async () => {
    serveContext(upstream);
    upstream.on('GET', '/cms-api/context', async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return {
        body: { cid: request.query.get('cid'), tenant: { id: 'fresh', name: 'Slow Shop' } },
      };
    });
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        PLATFORM_URL: upstream.url,
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY_MS: '800',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.stdout!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const base = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(`gateway exited before listening:\n${output}`)));
    });

    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const inFlight = fetch(`${base}/blink-test`).then(async (r) => ({
      status: r.status,
      body: await r.text(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`${base}/readyz`)).status).toBe(503);

    const [page, code] = await Promise.all([inFlight, exited]);
    expect(page.status, output).toBe(200);
    expect(page.body).toContain('Slow Shop');
    expect(code, output).toBe(0);
  });
});
