import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { startHaproxy, type Haproxy } from '../support/haproxy';
import { freePort, startNginx, type Nginx } from '../support/nginx';
import { sendBytes } from '../support/raw-bytes';

// X-Forwarded-* a visitor sends through the balancer (docs/decisions/0327): the shipped rules
// (deploy/nginx-proxy.conf) overwrite -Proto and -Host and append the visitor's address to -For;
// the gateway, trusting nginx's address alone (TRUST_PROXY), takes the last address nginx did not
// add itself, so a forged X-Forwarded-For moves neither the rate limits nor the address uaa counts
// failed sign-ins by, and a forged -Proto or -Host not the shop origin (Origin check, Secure
// cookies, the platform's tenant). The visitor connects from 127.0.0.3 (.4 through HAProxy, whose
// shipped deploy/haproxy.cfg does the same, ADR 0378; each balancer a rate-limit budget of its
// own), the balancer from 127.0.0.1. Needs Debian's nginx and HAProxy.
const VISITORS = { nginx: '127.0.0.3', haproxy: '127.0.0.4' } as const;
let gateway: EndpointGateway;
let nginx: Nginx;
let haproxy: Haproxy;
const ports = { nginx: 0, haproxy: 0 };

beforeAll(async () => {
  ports.nginx = await freePort();
  ports.haproxy = await freePort();
  gateway = await startEndpointGateway({
    PUBLIC_PORTS: `${ports.nginx},${ports.haproxy}`,
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_SIGN_IN: '2/60',
  });
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const gatewayPort = (gateway.app.server.address() as { port: number }).port;
  nginx = await startNginx([gatewayPort], ports.nginx);
  haproxy = await startHaproxy([gatewayPort], ports.haproxy);
}, 60_000);

afterAll(async () => {
  await haproxy?.close();
  await nginx?.close();
  await gateway?.close();
});

describe.each(['nginx', 'haproxy'] as const)(
  'forwarded headers a visitor forges, through %s',
  (balancer) => {
    const port = () => ports[balancer];
    const VISITOR = VISITORS[balancer];
    const send = (method: string, target: string, headers: string[], body = '') =>
      sendBytes(
        port(),
        `${method} ${target} HTTP/1.1\r\nHost: localhost:${port()}\r\n${headers.join('')}` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        { localAddress: VISITOR },
      );

    it('X-Forwarded-For: the rate limit and uaa see the address the balancer saw', async () => {
      gateway.upstream.reset();
      gateway.upstream.on('*', /.*/, { status: 401, body: { error: 'invalid_grant' } });
      const body = JSON.stringify({ email: 'shopper@example.com', password: 'wrong' });
      const statuses: number[] = [];
      for (const forged of ['10.0.0.1', '10.0.0.2', '10.0.0.3, 10.0.0.4']) {
        const answer = await send(
          'POST',
          '/auth/sign-in',
          [
            `Origin: http://localhost:${port()}\r\n`,
            'Content-Type: application/json\r\n',
            'X-CSRF: 1\r\n',
            `X-Forwarded-For: ${forged}\r\n`,
            `X-Real-IP: ${forged}\r\n`,
          ],
          body,
        );
        statuses.push(answer.responses[0]!.status);
      }
      expect(statuses[2]).toBe(429);
      const counted = gateway.upstream.requests.map((r) => r.headers['x-forwarded-for']);
      expect(counted.length).toBeGreaterThan(0);
      expect(new Set(counted)).toEqual(new Set([VISITOR]));
    });

    it('X-Forwarded-Proto and -Host: the shop origin is what the balancer was asked with', async () => {
      gateway.upstream.reset();
      gateway.upstream.on('*', /.*/, { body: { ok: true } });
      const answer = await send('GET', '/api/services/catalogue/products', [
        'X-CSRF: 1\r\n',
        'X-Forwarded-Proto: https\r\n',
        'X-Forwarded-Host: localhost:6666\r\n',
        'Forwarded: for=10.0.0.1;proto=https;host=evil.example\r\n',
      ]);
      // A -Host on another port believed would be a 421 (ADR 0272).
      expect(answer.responses[0]!.status).toBe(200);
      const [call] = gateway.upstream.received('/api/services/catalogue/products');
      expect(call!.headers['x-domain-origin']).toBe(`http://localhost:${port()}`);
    });

    it('X-Forwarded-Proto: a write from the https origin over plain http is refused', async () => {
      const answer = await send(
        'POST',
        '/api/services/booking-ms/bookings/cart/items',
        [
          'X-Forwarded-Proto: https\r\n',
          `Origin: https://localhost:${port()}\r\n`,
          'X-CSRF: 1\r\n',
          'Content-Type: application/json\r\n',
        ],
        '{}',
      );
      expect(answer.responses[0]!.status).toBe(403);
    });
  },
);
