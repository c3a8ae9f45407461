import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { closeGateway } from '../support/close-gateway';
import { DEMO, startPlatform, type TestPlatform } from '../support/platform';
import { startGatewayProcess } from '../support/processes';

// Issue #25 item 6, misconfiguration made loud: COOKIE_SECURE=true without a proxy trusted to say
// https (a warning at the first request for a host other than localhost, none at start nor for
// localhost: `npm start` warned at every start, ADR 0329; and one at the first sign-in over plain
// http to a host other than localhost, whose cookies the browser drops); an Origin refusal of a request that came through
// a proxy missing from TRUST_PROXY names TRUST_PROXY in its log line; NODE_ENV=staging starts the
// production gateway (it used to be refused).
const HOST = 'shop.example';
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
  // A shop that is not on localhost (browsers keep Secure cookies from http://localhost).
  await platform.db.query(`update tenants set host = $1 where id = 'harbour'`, [HOST]);
}, 120_000);
afterAll(() => platform?.close());

type Line = { level: number; msg: string };
async function gateway(env: Record<string, string> = {}) {
  const lines: Line[] = [];
  const app = await buildApp(
    loadConfig({ PLATFORM_URL: platform.url, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env }),
    { logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) } },
  );
  return { app, lines, warnings: () => lines.filter((l) => l.level === 40).map((l) => l.msg) };
}
const signIn = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    headers: {
      host: HOST,
      origin: `http://${HOST}`,
      'x-csrf': '1',
      'content-type': 'application/json',
      ...headers,
    },
    payload: JSON.stringify(DEMO),
  });

describe('COOKIE_SECURE=true over plain http', () => {
  it('warns once at the first request for a host other than localhost, not at start', async () => {
    const { app, warnings } = await gateway();
    try {
      const forHost = () =>
        warnings().filter((w) => /COOKIE_SECURE=true and no TRUST_PROXY/.test(w));
      await app.ready();
      expect(forHost()).toEqual([]);
      // A developer's shop (npm start): browsers keep Secure cookies from localhost.
      for (const host of ['localhost:3000', 'harbour.localhost:3000', '127.0.0.1:3000'])
        await app.inject({ url: '/healthz', headers: { host } });
      expect(forHost()).toEqual([]);
      await app.inject({ url: '/healthz', headers: { host: HOST } });
      await app.inject({ url: '/healthz', headers: { host: HOST } });
      expect(forHost()).toHaveLength(1);
      expect(forHost()[0]).toContain(`"${HOST}"`);
    } finally {
      await closeGateway(app);
    }
  });

  it('warns once at the first sign-in whose cookies the browser drops', async () => {
    const { app, warnings } = await gateway();
    try {
      const first = await signIn(app);
      expect(first.statusCode).toBe(200);
      expect(String(first.headers['set-cookie'])).toContain('Secure');
      const atSignIn = () => warnings().filter((w) => w.startsWith('sign-in over plain http'));
      expect(atSignIn()).toHaveLength(1);
      expect((await signIn(app)).statusCode).toBe(200);
      expect(atSignIn()).toHaveLength(1);
    } finally {
      await closeGateway(app);
    }
  });

  it('stays quiet with COOKIE_SECURE=false, and for any host with a trusted proxy', async () => {
    const insecure = await gateway({ COOKIE_SECURE: 'false' });
    const proxied = await gateway({ TRUST_PROXY: '10.0.0.1' });
    try {
      expect((await signIn(insecure.app)).statusCode).toBe(200);
      await proxied.app.inject({ url: '/healthz', headers: { host: HOST } });
      expect(insecure.warnings().filter((w) => /COOKIE_SECURE/.test(w))).toEqual([]);
      expect(proxied.warnings().filter((w) => /COOKIE_SECURE/.test(w))).toEqual([]);
    } finally {
      await closeGateway(insecure.app);
      await closeGateway(proxied.app);
    }
  });
});

describe('the Origin check behind a proxy missing from TRUST_PROXY', () => {
  it('names TRUST_PROXY in the log line of its 403', async () => {
    const { app, lines } = await gateway({ COOKIE_SECURE: 'false' });
    try {
      // A TLS proxy passes the browser's https Origin and says so in X-Forwarded-Proto; without
      // TRUST_PROXY the gateway sees http://shop.example.
      const refused = await signIn(app, {
        origin: `https://${HOST}`,
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.9',
      });
      expect(refused.statusCode).toBe(403);
      const line = lines.find((l) => l.msg.startsWith('csrf: Cross-origin request refused'));
      expect(line?.level).toBe(40);
      expect(line?.msg).toContain('TRUST_PROXY');

      // A plain cross-origin request (no proxy in the way) is refused without the hint.
      const before = lines.length;
      expect((await signIn(app, { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
      const plain = lines.slice(before).find((l) => l.msg.startsWith('csrf:'));
      expect(plain?.msg).not.toContain('TRUST_PROXY');
    } finally {
      await closeGateway(app);
    }
  });
});

describe('NODE_ENV', () => {
  it('starts the production gateway with NODE_ENV=staging (production behaviour)', async () => {
    const gatewayProcess = await startGatewayProcess(platform.url, { NODE_ENV: 'staging' });
    try {
      expect((await fetch(`${gatewayProcess.url}/readyz`)).status).toBe(200);
      expect(gatewayProcess.stderr()).not.toContain('Invalid gateway configuration');
    } finally {
      await gatewayProcess.stop();
    }
  });
});
