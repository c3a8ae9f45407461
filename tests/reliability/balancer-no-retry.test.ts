import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHaproxy } from '../support/haproxy';
import { codeOfStatus } from '../../shared/error-codes';
import { freePort, startNginx } from '../support/nginx';

// copyBookingToCart changes the cart although the specification makes it a GET: the gateway never
// sends it twice and treats it as a write (server/request/csrf.ts: any case, a trailing slash or
// not), and nor may the balancer, which passes an idempotent request to the other replica when
// the first drops the connection (deploy/nginx-proxy.conf, ADR 0141; deploy/haproxy.cfg, ADR
// 0378). A POST once sent is never sent again either. Two stand-in replicas that drop every
// connection and count the requests (HAProxy's health checks of /readyz answered, not counted); a
// fresh balancer per test, so no replica is yet marked failed (nginx's max_fails). Needs Debian's
// nginx and HAProxy.
const BALANCERS = {
  nginx: (ports: number[]) => startNginx(ports),
  haproxy: (ports: number[]) => startHaproxy(ports),
};
let replicas: Server[];
let received: string[];
let balancer: { url: string; close(): Promise<void> };

afterEach(async () => {
  await balancer?.close();
  for (const replica of replicas) await new Promise((resolve) => replica.close(resolve));
});

const BOOKING = '/api/services/booking-ms/bookings/cart';

describe.each(['nginx', 'haproxy'] as const)(
  'the balancer (%s) and a GET that changes the cart',
  (name) => {
    beforeEach(async () => {
      received = [];
      replicas = [];
      const ports: number[] = [];
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const replica = createServer((req, res) => {
          if (req.url === '/readyz') return void res.end('{"status":"ready"}');
          received.push(`${req.method} ${req.url}`);
          req.socket.destroy();
        });
        await new Promise<void>((resolve) => replica.listen(port, '127.0.0.1', resolve));
        replicas.push(replica);
        ports.push(port);
      }
      balancer = await BALANCERS[name](ports);
      // The balancer's own readiness request (a 502 here, one failure per replica: below max_fails).
      received = [];
    }, 20_000);

    it('passes another GET to the other replica when the first drops it', async () => {
      const answer = await fetch(`${balancer.url}${BOOKING}`);
      expect(answer.status).toBe(502);
      expect(received).toHaveLength(2);
    });

    it('sends a POST to one replica only', async () => {
      const answer = await fetch(`${balancer.url}${BOOKING}/items`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(502);
      expect(received).toEqual([`POST ${BOOKING}/items`]);
    });

    it.each([
      `${BOOKING}/copyBookingToCart`,
      `${BOOKING}/copybookingtocart`,
      `${BOOKING}/COPYBOOKINGTOCART?bookingId=1`,
      `${BOOKING}/copyBookingToCart/`,
      `${BOOKING}/copyBookingTo%43art`,
    ])('sends %s to one replica only', async (target) => {
      const answer = await fetch(`${balancer.url}${target}`);
      expect(answer.status).toBe(502);
      expect(await answer.json()).toMatchObject({ error: { code: codeOfStatus(502) } });
      expect(received).toEqual([`GET ${target}`]);
    });
  },
);
