import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/nginx';
import { GATEWAY_MAIN } from '../support/processes';

// The built gateway process (dist/server/main.js) with NODE_ENV unset or another value than
// production (`staging`): production behaviour, React and the libraries included (ADR 0312). The
// bundle imported every package before its own code ran, so React read NODE_ENV as given and
// loaded its development build, react-dom (loaded later) its production one: every page a 500
// ("dispatcher.getOwner is not a function"). Unset, the libraries also ran their development
// builds, as the gateway's own warning said. The platform here is unreachable: a page is a 502.
const SLOW_BUILDS = 'React and the libraries run their slow development builds';

/** Starts the process, asks for the home page once it listens, stops it: status and messages. */
async function homePage(env: Record<string, string>): Promise<{ status: number; msgs: string[] }> {
  const port = await freePort();
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: '0',
      PLATFORM_URL: 'http://127.0.0.1:9',
      LOG_FORMAT: 'json',
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const msgs: string[] = [];
  let rest = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', () => reject(new Error(`exited before listening: ${msgs.join('; ')}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const msg = String((JSON.parse(line) as { msg?: unknown }).msg);
        msgs.push(msg);
        if (msg.startsWith('Server listening')) resolve();
      }
    });
  });
  const { status } = await fetch(`http://127.0.0.1:${port}/`, {
    headers: { host: `localhost:${port}` },
  });
  child.kill('SIGTERM');
  await exited;
  return { status, msgs };
}

describe('the gateway process', () => {
  it.each([['unset', {}] as const, ['staging', { NODE_ENV: 'staging' }] as const])(
    'with NODE_ENV %s renders its pages with the libraries’ production builds',
    { timeout: 30_000 },
    async (_what, env) => {
      const { status, msgs } = await homePage(env);
      expect(status).toBe(502);
      expect(msgs).not.toContain('render error');
      expect(msgs.filter((m) => m.includes(SLOW_BUILDS))).toEqual([]);
    },
  );

  it('still warns with NODE_ENV=development outside npm run dev', { timeout: 30_000 }, async () => {
    const { msgs } = await homePage({ NODE_ENV: 'development' });
    expect(msgs.filter((m) => m.includes(SLOW_BUILDS))).toHaveLength(1);
  });
});
