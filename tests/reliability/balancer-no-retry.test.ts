import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, startNginx, type Nginx } from '../support/nginx';

// copyBookingToCart changes the cart although the specification makes it a GET: the gateway never
// sends it twice and treats it as a write (server/request/csrf.ts: any case, a trailing slash or
// not), and nor may the balancer, which passes an idempotent request to the other replica when
// the first drops the connection (deploy/nginx-proxy.conf, ADR 0141). Two stand-in replicas that
// drop every connection and count the requests; a fresh nginx per test, so no replica is yet
// marked failed (max_fails). Needs Debian's nginx.
let replicas: Server[];
let received: string[];
let nginx: Nginx;

beforeEach(async () => {
  received = [];
  replicas = [];
  const ports: number[] = [];
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const replica = createServer((req) => {
      received.push(req.url ?? '');
      req.socket.destroy();
    });
    await new Promise<void>((resolve) => replica.listen(port, '127.0.0.1', resolve));
    replicas.push(replica);
    ports.push(port);
  }
  nginx = await startNginx(ports);
  // startNginx's own readiness request (a 502 here, one failure per replica: below max_fails).
  received = [];
}, 20_000);

afterEach(async () => {
  await nginx?.close();
  for (const replica of replicas) await new Promise((resolve) => replica.close(resolve));
});

const BOOKING = '/api/services/booking-ms/bookings/cart';

describe('the balancer and a GET that changes the cart', () => {
  it('passes another GET to the other replica when the first drops it', async () => {
    const answer = await fetch(`${nginx.url}${BOOKING}`);
    expect(answer.status).toBe(502);
    expect(received).toHaveLength(2);
  });

  it.each([
    `${BOOKING}/copyBookingToCart`,
    `${BOOKING}/copybookingtocart`,
    `${BOOKING}/COPYBOOKINGTOCART?bookingId=1`,
    `${BOOKING}/copyBookingToCart/`,
    `${BOOKING}/copyBookingTo%43art`,
  ])('sends %s to one replica only', async (target) => {
    const answer = await fetch(`${nginx.url}${target}`);
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ error: { code: 'bad_gateway' } });
    expect(received).toEqual([target]);
  });
});
