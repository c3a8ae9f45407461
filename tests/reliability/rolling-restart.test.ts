import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { buyableOfferings, shopperOf } from '../integration/client-checkout-support';
import { startHaproxy } from '../support/haproxy';
import { freePort, startNginx } from '../support/nginx';
import { startPlatform, type TestPlatform } from '../support/platform';
import { startGatewayProcess, type NodeProcess } from '../support/processes';
import { startRedis, type TestRedis } from '../support/redis';
import { brief, sleep, steadyTraffic, type Outcome } from '../support/traffic';

// A rolling deploy as an orchestrator does it (README, "Running several gateways"; ADR 0378):
// three production gateway processes sharing one Redis, behind each shipped balancer (nginx with
// deploy/nginx-proxy.conf, HAProxy with deploy/haproxy.cfg), with the deployed shutdown delay
// (5 s); each replica in turn gets SIGTERM, exits, and starts again on its port, and the next one
// goes as soon as it is ready. Meanwhile guests browse and read through the proxy, and a signed-in
// shopper fills the cart and places orders. Nothing any of them does fails: no answer of 400 or
// more, no connection lost, every order form placed exactly once. 127.0.0.1 only.
const BALANCERS = {
  nginx: (ports: number[], port: number) => startNginx(ports, port),
  haproxy: (ports: number[], port: number) => startHaproxy(ports, port),
};
const READS = [
  '/',
  '/search/milk',
  `${cataloguePaths.search}?q=milk`,
  `${cataloguePaths.search}?q=bread&page=2`,
];
let platform: TestPlatform;
let redis: TestRedis;
const ports = { nginx: 0, haproxy: 0 };
let gatewayPorts: number[] = [];
let gateways: NodeProcess[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  platform = await startPlatform();
  redis = await startRedis();
  ports.nginx = await freePort();
  ports.haproxy = await freePort();
  env = {
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_PORTS: `${ports.nginx},${ports.haproxy}`,
    REDIS_URL: redis.url,
    PAGE_PROOF_SECRET: 'rolling-restart-page-proof-secret-0123456789',
    // As deployed: above nginx's 4 s idle timeout towards the gateways (ADR 0316).
    SHUTDOWN_DELAY_MS: '5000',
    SHUTDOWN_TIMEOUT_MS: '10000',
  };
  gatewayPorts = [await freePort(), await freePort(), await freePort()];
  gateways = await Promise.all(
    gatewayPorts.map((port) => startGatewayProcess(platform.url, env, port)),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.stop()));
  await redis?.close();
  await platform?.close();
});

const ordersOfDemo = async () =>
  (
    await platform.db.query<{ n: number }>(
      "select count(*)::int as n from orders where account_id = 'acc-fresh-demo'",
    )
  ).rows[0]!.n;

/** The signed-in shopper's round until `stopped()`: cart, checkout, the order. What failed. */
async function shop(url: string, stopped: () => boolean) {
  const shopper = shopperOf({ url });
  const failed: string[] = [];
  const forms: { key: string; placed: number }[] = [];
  const step = async (name: string, run: () => Promise<Response>) => {
    try {
      const response = await run();
      if (response.status >= 400)
        failed.push(`${name}: ${response.status} ${(await response.clone().text()).slice(0, 160)}`);
      return response;
    } catch (error) {
      failed.push(`${name}: ${String(error)}`);
      return null;
    }
  };
  await step('sign-in', () =>
    shopper.send('/auth/sign-in', {
      method: 'POST',
      headers: { 'x-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    }),
  );
  const [offering] = await buyableOfferings({ url }, 1);
  while (!stopped()) {
    await step('cart item', () =>
      shopper.send(bookingPaths.item('fresh'), {
        method: 'PUT',
        headers: { 'x-csrf': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ offeringId: offering!.id, quantity: 1, byCase: false }),
      }),
    );
    const page = await step('GET /checkout', () => shopper.page('/checkout'));
    const key = /name="idempotencyKey" value="([^"]+)"/.exec((await page?.text()) ?? '')?.[1];
    if (!key) continue;
    const slot = await shopper.firstSlot().catch((error: unknown) => {
      failed.push(`slots: ${String(error)}`);
      return null;
    });
    if (!slot) continue;
    const form = { key, placed: 0 };
    forms.push(form);
    const answer = await step('POST /checkout', () =>
      shopper.post('/checkout', {
        idempotencyKey: key,
        intent: 'place-order',
        addressId: 'adr-fresh-demo-work',
        slotId: slot.id,
        paymentMethodId: 'pm-fresh-demo-visa',
      }),
    );
    const location = answer?.headers.get('location') ?? '';
    if (answer?.status === 302 && location.startsWith('/orders/')) {
      form.placed += 1;
      await step('GET order', () => shopper.page(location));
    } else if (answer && answer.status < 400) failed.push(`POST /checkout: ${answer.status}`);
  }
  return { failed, forms };
}

describe.each(['nginx', 'haproxy'] as const)('a rolling restart behind %s', (name) => {
  it(
    'fails nothing a guest or a shopper does while every replica restarts in turn',
    { timeout: 180_000 },
    async () => {
      const balancer = await BALANCERS[name](gatewayPorts, ports[name]);
      const url = `http://localhost:${ports[name]}`;
      try {
        const ordersBefore = await ordersOfDemo();
        let rolled = false;
        const exits: (number | null)[] = [];
        const roll = (async () => {
          await sleep(2_000);
          for (const [index, port] of gatewayPorts.entries()) {
            const leaving = gateways[index]!;
            await leaving.stop('SIGTERM');
            exits.push(leaving.child.exitCode);
            gateways[index] = await startGatewayProcess(platform.url, env, port);
          }
          // The last replica back in the balancer's rotation before the traffic stops.
          await sleep(3_000);
          rolled = true;
        })();
        const t0 = Date.now();
        const [reads, shopping] = await Promise.all([
          steadyTraffic(url, READS, roll, { workers: 3, headers: { 'x-csrf': '1' } }),
          shop(url, () => rolled),
        ]);
        const failedReads = reads.filter((o: Outcome) => o.status >= 400 || o.error);
        expect(failedReads.map(brief(t0))).toEqual([]);
        // Enough happened to mean something, on a loaded machine too (a round is slower there).
        expect(reads.length).toBeGreaterThan(30);
        expect(shopping.failed).toEqual([]);
        expect(exits).toEqual([0, 0, 0]);
        expect(shopping.forms.length).toBeGreaterThan(0);
        for (const form of shopping.forms) expect(form.placed, form.key).toBe(1);
        expect(await ordersOfDemo()).toBe(ordersBefore + shopping.forms.length);
        console.info(
          `rolling restart behind ${name}: ${reads.length} reads, ${shopping.forms.length} orders`,
        );
      } finally {
        await balancer.close();
      }
    },
  );
});
