import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/nginx';
import { GATEWAY_MAIN } from '../support/processes';

// The built gateway process (server/main.ts, dist/server/main.js; npm run build) with a bad
// configuration: it stops before listening, with exit code 1 and a readable message on stderr
// naming each bad variable, not a stack trace (main.ts catches the configuration's error).
// A free port: were a configuration taken, the gateway would listen there (PORT=0 is refused).
let port: string;
beforeAll(async () => {
  port = String(await freePort());
});

function startGateway(env: Record<string, string>) {
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: port,
      PLATFORM_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exit, stdout: () => stdout, stderr: () => stderr };
}

/** A readable refusal: the heading and one line per problem, no "at …" frames, no error class. */
function expectReadableRefusal(stderr: string) {
  expect(stderr).toMatch(/^Invalid gateway configuration:\n/);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain('ConfigError');
  expect(stderr).not.toContain('node:internal');
}

describe('gateway process with a bad configuration', () => {
  it('refuses a PORT that is not a port, naming it', { timeout: 30_000 }, async () => {
    // 0 too: it listened on a random port, which no balancer or health check names.
    for (const PORT of ['eighty', '70000', '0']) {
      const run = startGateway({ PORT });
      expect(await run.exit, PORT).toBe(1);
      expectReadableRefusal(run.stderr());
      expect(run.stderr()).toMatch(/^ {2}PORT: must be a port number, 1-65535/m);
      // It never got as far as listening.
      expect(run.stdout()).not.toContain('listening');
    }
  });

  it(
    'refuses SERVICE_URLS that are not JSON, not URLs or not services, naming the entry',
    { timeout: 30_000 },
    async () => {
      const cases = [
        ['not json', /^ {2}SERVICE_URLS: must be a JSON object/m],
        [
          '{"catalogue":"not a url"}',
          /^ {2}SERVICE_URLS\.catalogue\.url: must be an http\(s\) URL/m,
        ],
        ['{"nosuch":"http://127.0.0.1:9"}', /^ {2}SERVICE_URLS\.nosuch: unknown service/m],
      ] as const;
      for (const [SERVICE_URLS, named] of cases) {
        const run = startGateway({ SERVICE_URLS });
        expect(await run.exit, SERVICE_URLS).toBe(1);
        expectReadableRefusal(run.stderr());
        expect(run.stderr()).toMatch(named);
        expect(run.stdout()).not.toContain('listening');
      }
    },
  );
});
