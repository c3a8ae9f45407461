import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freePort, startNginx, type Nginx } from '../support/nginx';
import { startPlatform, TENANTS, type TestPlatform } from '../support/platform';

// Two gateway instances behind nginx on loopback, against one reference platform: sessions work
// on any instance (the state is in the cookies), load is spread, and stopping one instance while
// traffic flows loses no request.
let platform: TestPlatform;
let gateways: FastifyInstance[];
const served = [0, 0];
let nginx: Nginx;

beforeAll(async () => {
  platform = await startPlatform();
  const balancer = await freePort();
  gateways = await Promise.all(
    [0, 1].map(async (index) => {
      const config = loadConfig({
        PLATFORM_URL: platform.url,
        LOG_LEVEL: 'silent',
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_PORTS: String(balancer),
        HOST: '127.0.0.1',
        SHUTDOWN_DELAY_MS: '0',
      });
      const app = await buildApp(config);
      app.addHook('onResponse', async () => {
        served[index]!++;
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return app;
    }),
  );
  nginx = await startNginx(
    gateways.map((app) => (app.server.address() as { port: number }).port),
    balancer,
  );
});

afterAll(async () => {
  await nginx?.close();
  await Promise.all((gateways ?? []).map((app) => app.close()));
  await platform?.close();
});

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Like a browser: later Set-Cookie headers replace earlier cookies. */
function cookieJar(first: Response) {
  const jar = new Map<string, string>();
  const take = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = line.split(';')[0]!.split('=');
      jar.set(name!, value.join('='));
    }
  };
  take(first);
  return { take, header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
}

describe('several gateways behind nginx', () => {
  it('spreads visitors over the instances', async () => {
    served.fill(0);
    for (let i = 0; i < 16; i++) expect((await fetch(`${nginx.url}/blink-test`)).status).toBe(200);
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
  });

  it('keeps a signed-in session on whichever instance serves it', async () => {
    const signIn = await fetch(`${nginx.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: nginx.url },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    expect(signIn.status).toBe(200);
    const jar = cookieJar(signIn);
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${nginx.url}/blink-test`, {
        headers: { cookie: jar.header() },
      });
      jar.take(response);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html, `request ${i}: ${response.headers.get('x-correlation-id')}`).toContain(
        'shopper@example.com',
      );
      // The shop origin comes from the forwarded host nginx sets (a trusted proxy).
      expect(html).toContain(nginx.url.replace('http://', ''));
    }
    // Each instance can read the session: the state is in the cookies, not in a process.
    for (const app of gateways) {
      const { port } = app.server.address() as { port: number };
      const direct = await fetch(`http://localhost:${port}/blink-test`, {
        headers: { cookie: jar.header() },
      });
      jar.take(direct);
      expect(await direct.text()).toContain('shopper@example.com');
    }
  });

  it('refreshes an expired session once when parallel requests arrive through the balancer', async () => {
    const signIn = await fetch(`${nginx.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: nginx.url },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    // An access token that expired a minute ago, minted for the signed-in session: no waiting for
    // a real expiry, so the outcome does not depend on how busy the machine is (issue #12 item 8).
    const expired = await platform.app.signer.sign(
      {
        principalId: TENANTS.fresh.accountId,
        accountId: TENANTS.fresh.accountId,
        tenantId: 'fresh',
      },
      -60,
    );
    const cookie = cookiesOf(signIn).replace(/access_token=[^;]*/, `access_token=${expired}`);
    expect(cookie).toContain(expired);
    const pages = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${nginx.url}/blink-test`, { headers: { cookie } })),
    );
    // One refresh for all of them: every page sets the same new refresh token.
    const rotated = new Set(
      pages.flatMap((page) =>
        page.headers
          .getSetCookie()
          .filter((line) => line.startsWith('refresh_token='))
          .map((line) => line.split(';')[0]),
      ),
    );
    expect(rotated.size).toBe(1);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('shopper@example.com');
      // Nobody is signed out by a lost race: no response clears the cookies.
      expect(
        page.headers
          .getSetCookie()
          .some((line) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)),
      ).toBe(false);
    }
  });

  it('loses no request while one instance shuts down', async () => {
    let failures = 0;
    let done = 0;
    const traffic = (async () => {
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline) {
        const batch = await Promise.all(
          Array.from({ length: 4 }, () =>
            fetch(`${nginx.url}/blink-test`).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        done += batch.length;
        failures += batch.filter((status) => status !== 200).length;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [leaving] = gateways;
    leaving!.shuttingDown = true;
    await leaving!.drained(5000);
    await leaving!.close();
    await traffic;
    expect(done).toBeGreaterThan(20);
    expect(failures).toBe(0);
  });
});
