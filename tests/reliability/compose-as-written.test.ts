import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, fetch, request } from 'undici';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths, type Booking } from '../../shared/contracts/booking';
import { cataloguePaths, type ProductList } from '../../shared/contracts/catalogue';
import { helmetOptions, securityHeaders } from '../../server/plugins/security-headers';
import { CID_PATTERN } from '../../shared/cid';
import { readCompose, ROOT, seconds, type ComposeFile } from '../support/compose-file';
import { runCompose, type RunningCompose } from '../support/compose-run';
import { sendBytes } from '../support/raw-bytes';

// docker-compose.yml cannot drift from what works (issue #25 item 3): its services run here as
// local processes with the commands, environment, ports and health checks the file declares
// (service names and the balancer's fixed address are loopback, container ports free local
// ports, volumes temporary directories; tests/support/compose-file.ts), each started once what it
// depends on is healthy, and a shopper shops through the balancer over TLS with the certificate
// the `certs` service made, and Prometheus scrapes every replica. Needs `npm run build`, Debian's
// nginx, redis-server, prometheus and openssl.
let file: ComposeFile;
let compose: RunningCompose;
let tls: Agent;
let shopUrl: string;

beforeAll(async () => {
  file = readCompose();
  compose = await runCompose(file);
  const ca = readFileSync(join(compose.volume('certs'), 'tls.crt'));
  tls = new Agent({ connect: { ca } });
  shopUrl = `https://localhost:${compose.port('nginx', 8443)}`;
}, 240_000);

afterAll(async () => {
  await tls?.close();
  await compose?.close();
});

const gatewayEnv = () => file.services.gateway!.environment!;

/** A browser over TLS: a cookie jar, the shop's Origin, the gateway's X-CSRF on API calls. */
function browser() {
  const jar = new Map<string, string>();
  const setCookies: string[] = [];
  const send = async (
    path: string,
    init: { method?: string; json?: unknown; form?: object } = {},
  ) => {
    const headers: Record<string, string> = {
      origin: shopUrl,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      headers['x-csrf'] = '1';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form as Record<string, string>).toString();
    } else if (path.startsWith('/api/')) headers['x-csrf'] = '1';
    const response = await fetch(shopUrl + path, {
      method: init.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
      dispatcher: tls,
    });
    for (const cookie of response.headers.getSetCookie()) {
      setCookies.push(cookie);
      const [name = '', ...value] = (cookie.split(';')[0] ?? '').split('=');
      if (value.join('=')) jar.set(name, value.join('='));
      else jar.delete(name);
    }
    return response;
  };
  return { send, setCookies };
}

describe('docker-compose.yml as written', () => {
  it('runs every service here, each healthy, three gateway replicas', () => {
    expect(compose.skipped).toEqual([]);
    const count = (service: string) => compose.replicas.filter((r) => r.service === service).length;
    expect(count('gateway')).toBe(3);
    expect(count('platform')).toBe(1);
    expect(count('redis')).toBe(1);
    expect(count('nginx')).toBe(1);
    expect(count('prometheus')).toBe(1);
    expect(compose.replicas.find((r) => r.service === 'certs')!.child.exitCode).toBe(0);
  });

  it('checks health per service, restarts, waits on health, and stops within the shutdown settings', () => {
    for (const [name, service] of Object.entries(file.services)) {
      if (name === 'certs') continue;
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(1);
      expect(service.restart, name).toBe('unless-stopped');
      for (const dependency of Object.values(service.depends_on ?? {}))
        expect(['service_healthy', 'service_completed_successfully']).toContain(
          dependency.condition,
        );
    }
    expect(file.services.gateway!.healthcheck!.test.join(' ')).toContain('/readyz');
    expect(file.services.platform!.healthcheck!.test.join(' ')).toContain('/readyz');
    const env = gatewayEnv();
    const drain = (Number(env.SHUTDOWN_DELAY_MS) + Number(env.SHUTDOWN_TIMEOUT_MS)) / 1000;
    expect(seconds(file.services.gateway!.stop_grace_period, 10)).toBeGreaterThan(drain);
  });

  it('gives every replica the shared Redis, Secure cookies and the balancer alone as proxy', () => {
    const env = gatewayEnv();
    expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379$/);
    expect(env.COOKIE_SECURE).toBe('true');
    expect(env.TRUST_PROXY).toBe(file.services.nginx!.networks!.default!.ipv4_address);
    const subnet = file.networks!.default!.ipam!.config![0]!.subnet;
    expect(env.TRUST_PROXY!.split('.').slice(0, 3)).toEqual(subnet.split('.').slice(0, 3));
    for (const gateway of compose.replicas.filter((r) => r.service === 'gateway'))
      expect(gateway.env.REDIS_URL).toBe(`redis://127.0.0.1:${compose.port('redis', 6379)}`);
  });

  it('shops through the balancer over TLS: signs in, adds to the cart, sees the cart', async () => {
    const shopper = browser();
    const home = await shopper.send('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('strict-transport-security')).toBeTruthy();
    // Canonical at the shop's declared origin (SHOP_ORIGINS), not the Host it was asked with:
    // here nginx listens on another port (docs/decisions/0272).
    expect(await home.text()).toContain('<link rel="canonical" href="https://localhost:8443/"/>');

    const signIn = await shopper.send('/auth/sign-in', {
      method: 'POST',
      json: { email: 'shopper@example.com', password: 'demo1234' },
    });
    expect(signIn.status).toBe(200);
    const tokens = shopper.setCookies.filter((c) => /^(access|refresh)_token=/.test(c));
    expect(tokens.length).toBeGreaterThan(0);
    for (const cookie of tokens) expect(cookie).toMatch(/;\s*Secure/i);

    const search = await shopper.send(`${cataloguePaths.search}?q=milk`);
    const { items } = (await search.json()) as ProductList;
    const product = items.find((item) => item.offering.available)!;
    const put = await shopper.send(bookingPaths.item('fresh'), {
      method: 'PUT',
      json: { offeringId: product.offering.id, quantity: 2, byCase: false },
    });
    expect(put.status).toBe(200);

    const cart = (await (await shopper.send(bookingPaths.cart('fresh'))).json()) as Booking;
    expect(cart.items).toContainEqual(
      expect.objectContaining({ offeringId: product.offering.id, quantity: 2 }),
    );
    const checkout = await shopper.send('/checkout');
    expect(checkout.status).toBe(200);
    expect(await checkout.text()).toContain(product.name);
  });

  it('registers and activates an account with the link from the platform outbox', async () => {
    const email = `compose-${Date.now().toString(36)}@example.com`;
    const visitor = browser();
    const registered = await visitor.send('/social-login?mode=register', {
      method: 'POST',
      form: {
        intent: 'register',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        password: 'good-password-1',
      },
    });
    expect(registered.status).toBe(200);
    // The outbox on the port the platform publishes on this machine's loopback.
    const outbox = await fetch(
      `http://127.0.0.1:${compose.port('platform', 4000)}/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const { messages } = (await outbox.json()) as { messages: { kind: string; link: string }[] };
    const link = messages.find((m) => m.kind === 'activation')?.link;
    // At the balancer's declared origin (SHOP_ORIGINS); here nginx listens on another port.
    expect(link).toMatch(/^https:\/\/localhost:8443\/profile\/activation\//);
    const activated = await visitor.send(new URL(link!).pathname, {
      method: 'POST',
      form: { intent: 'activate' },
    });
    expect(activated.status).toBe(200);
    const signIn = await browser().send('/auth/sign-in', {
      method: 'POST',
      json: { email, password: 'good-password-1' },
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses a Host on a port the balancer does not publish the shop at (421)', async () => {
    const answer = await request(`${shopUrl}/`, {
      headers: { host: 'localhost:6666' },
      dispatcher: tls,
    });
    expect(answer.statusCode).toBe(421);
    expect(await answer.body.json()).toMatchObject({ error: { code: 'misdirected_request' } });
  });

  it('sends plain http to https', async () => {
    const response = await fetch(`http://localhost:${compose.port('nginx', 8080)}/search/milk`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toMatch(/^https:\/\/localhost:8443\/search\/milk$/);
  });

  it("redirects each shop's host to https, and refuses a host that is no shop (ADR 0327)", async () => {
    const port = compose.port('nginx', 8080);
    const asked = async (host: string) => {
      const answer = await request(`http://127.0.0.1:${port}/search/milk`, { headers: { host } });
      return {
        status: answer.statusCode,
        location: answer.headers.location,
        headers: answer.headers,
        body: await answer.body.text(),
      };
    };
    expect(await asked(`harbour.localhost:${port}`)).toMatchObject({
      status: 308,
      location: 'https://harbour.localhost:8443/search/milk',
    });
    for (const forged of ['evil.example', `evil.example:${port}`, 'localhost.evil.example']) {
      const refused = await asked(forged);
      expect(refused.status).toBe(421);
      expect(refused.location).toBeUndefined();
      expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'misdirected_request' } });
      // The gateway's headers for plain http and the body's CID, no version (ADR 0329).
      for (const [name, value] of Object.entries(
        securityHeaders(helmetOptions({ cookieSecure: false })),
      ))
        expect(refused.headers[name], name).toBe(value);
      expect(refused.headers['strict-transport-security']).toBeUndefined();
      const { cid } = (JSON.parse(refused.body) as { error: { cid: string } }).error;
      expect(cid).toMatch(CID_PATTERN);
      expect(refused.headers['x-correlation-id']).toBe(cid);
      expect(refused.headers.server).toBe('nginx');
    }
    // A request line naming its host (absolute form) picks the server by it, not by Host.
    const absolute = await sendBytes(
      port,
      'GET http://evil.example/search/milk HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(absolute.responses.map((r) => [r.status, r.headers.location])).toEqual([
      [421, undefined],
    ]);
    // The container's health check asks by address.
    expect((await fetch(`http://127.0.0.1:${port}/nginx-health`)).status).toBe(200);
  });

  it('keeps the replicas rate-limit counters in the shared Redis', () => {
    const keys = spawnSync('redis-cli', ['-p', String(compose.port('redis', 6379)), 'dbsize'], {
      encoding: 'utf8',
    });
    expect(Number(keys.stdout.trim())).toBeGreaterThan(0);
  });

  it('serves every replica /metrics on the port prometheus.yml scrapes, beside the shop port', async () => {
    const prometheus = parse(
      readFileSync(join(ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8'),
    ) as {
      scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; port: number }[] }[];
    };
    const job = prometheus.scrape_configs.find((j) => j.job_name === 'gateway')!;
    expect(job.dns_sd_configs[0]!.names).toEqual(['gateway']);
    expect(job.dns_sd_configs[0]!.port).toBe(Number(gatewayEnv().METRICS_PORT));
    expect(gatewayEnv().METRICS_HOST).toBe('0.0.0.0');
    expect(file.services.prometheus!.volumes).toContain('./deploy/prometheus:/etc/prometheus:ro');
    for (const gateway of compose.replicas.filter((r) => r.service === 'gateway')) {
      const metrics = await fetch(
        `http://127.0.0.1:${gateway.ports.get(job.dns_sd_configs[0]!.port)}/metrics`,
      );
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('process_resident_memory_bytes');
    }
  });

  it('has Prometheus scrape every gateway replica', async () => {
    const api = `http://127.0.0.1:${compose.port('prometheus', 9090)}/api/v1/targets`;
    let up: string[] = [];
    for (let attempt = 0; attempt < 80 && up.length < 3; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 500));
      const { data } = (await (await fetch(api)).json()) as {
        data: { activeTargets: { labels: { job: string }; health: string; scrapeUrl: string }[] };
      };
      up = data.activeTargets
        .filter((t) => t.labels.job === 'gateway' && t.health === 'up')
        .map((t) => t.scrapeUrl);
    }
    const metricsPorts = compose.replicas
      .filter((r) => r.service === 'gateway')
      .map((r) => `http://127.0.0.1:${r.ports.get(9464)}/metrics`);
    expect(up.sort()).toEqual(metricsPorts.sort());
  });
});
