import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { formatCents } from '../../client/lib/money';
import { dateTimeLabel } from '../../client/components/orders/delivery-time';
import type { CmsContext } from '../../shared/contracts/context';
import {
  orderPaths,
  type DeliverySlotList,
  type OrderPage,
  type OrderQuote,
} from '../../shared/contracts/orders';
import { closeGateway } from '../support/close-gateway';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, TEST_CID, type TestPlatform } from '../support/platform';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// Pages whose data once took a second round trip. The checkout asks the platform for everything
// in one round trip, the quote included: the platform quotes the slot the page will show as chosen
// (ADR 0290); the guest checkout in two (it waits for uaa first), the slot list and the quote
// together. The order list shows its dates in the shop's time zone, which the context names (ADR
// 0291), without asking for the slot list. Every platform answer is held
// back DELAY ms on its way to the gateway, so a call sent only after an answer arrives DELAY ms
// after the page's first call.
const DELAY = 300;
let platform: TestPlatform;
let faults: FaultProxy;
let gateway: FastifyInstance;
let url: string;
const money = (cents: number) => formatCents(cents, { currency: 'EUR', locale: 'en-IE' });

beforeAll(async () => {
  platform = await startPlatform();
  faults = await startFaultProxy(platform.url);
  gateway = await buildApp(
    loadConfig({ PLATFORM_URL: faults.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  url = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await closeGateway(gateway);
  await faults.close();
  await platform.close();
});

/** The page's platform calls, by its correlation id, with their arrival times. */
async function load(shopper: Shopper, path: string) {
  faults.delay(DELAY);
  try {
    const response = await shopper.page(path);
    const html = await response.text();
    const cid = response.headers.get('x-correlation-id');
    const calls = faults.seen.filter((call) => call.headers['x-correlation-id'] === cid);
    const first = Math.min(...calls.map((call) => call.at));
    return {
      status: response.status,
      html,
      calls,
      quotes: calls.filter((call) => call.url.startsWith(orderPaths.quote)),
      lateCalls: calls.filter((call) => call.at - first >= DELAY).map((call) => call.url),
    };
  } finally {
    faults.delay(0);
  }
}

/** Something in the cart, and one page seen: the gateway then knows the shop's tenant and the
 * cart's products call (ADR 0270), which otherwise wait for the context and the cart. */
async function withCart(shopper: Shopper) {
  const [item] = await buyableOfferings({ url }, 1);
  await shopper.putItem(item!.id, 2);
  await (await shopper.page('/cart')).text();
}

describe('checkout in one round trip (ADR 0290)', () => {
  it('signed in: the quote goes with the other calls, for the slot the page shows', async () => {
    const shopper = shopperOf({ url });
    await shopper.signIn();
    await withCart(shopper);
    const slot = await shopper.firstSlot();
    for (const path of ['/checkout', `/checkout?slotId=${slot.id}`, '/checkout?slotId=nope']) {
      const page = await load(shopper, path);
      expect(page.status, path).toBe(200);
      expect(page.lateCalls, path).toEqual([]);
      expect(page.quotes, path).toHaveLength(1);
      expect(page.html, path).toContain(`checked="" value="${slot.id}"`);
      const quote = await shopper.api<OrderQuote>(orderPaths.quote, 'POST', { slotId: slot.id });
      expect(page.html, path).toContain(money(quote.total));
    }
  });

  it('a later slot from the URL is quoted at once too', async () => {
    const shopper = shopperOf({ url });
    await shopper.signIn();
    await withCart(shopper);
    const slots = await shopper.api<{ items: { id: string; available: boolean }[] }>(
      orderPaths.deliverySlots,
    );
    const later = slots.items.filter((slot) => slot.available)[1]!;
    const page = await load(shopper, `/checkout?slotId=${later.id}`);
    expect(page.lateCalls).toEqual([]);
    expect(page.quotes).toHaveLength(1);
    expect(page.html).toContain(`checked="" value="${later.id}"`);
  });

  it('as a guest: the slot list and the quote together, once the visitor is known', async () => {
    const guest = shopperOf({ url });
    await guest.api('/auth/guest', 'POST');
    await withCart(guest);
    const slot = await guest.firstSlot();
    const page = await load(guest, '/checkout/guest');
    expect(page.status).toBe(200);
    // The page waits for uaa (a signed-in shopper goes to /checkout), then asks for both at once.
    const slots = page.calls.find((call) => call.url.startsWith(orderPaths.deliverySlots))!;
    expect(page.quotes).toHaveLength(1);
    expect(Math.abs(page.quotes[0]!.at - slots.at)).toBeLessThan(DELAY);
    expect(page.lateCalls.sort()).toEqual([orderPaths.deliverySlots, orderPaths.quote].sort());
    const quote = await guest.api<OrderQuote>(orderPaths.quote, 'POST', { slotId: slot.id });
    expect(page.html).toContain(money(quote.total));
  });
});

describe("the order list in the shop's time zone, from the context (ADR 0291)", () => {
  it('asks for no slot list, and shows the dates the slot list would have', async () => {
    const shopper = shopperOf({ url });
    await shopper.signIn();
    await (await shopper.page('/orders')).text(); // the cart's products call, remembered
    const page = await load(shopper, '/orders');
    expect(page.status).toBe(200);
    expect(page.calls.map((call) => call.url)).toContain(`${orderPaths.orders}?page=1&pageSize=10`);
    expect(page.calls.filter((call) => call.url.startsWith(orderPaths.deliverySlots))).toEqual([]);
    expect(page.lateCalls).toEqual([]);

    const location = JSON.stringify({ origin: url, host: new URL(url).host, pathname: '/orders' });
    const answer = await platform.call(
      `/cms-api/context?cid=${TEST_CID}&isLoggedIn=false&url=${encodeURIComponent(location)}`,
    );
    // The context's body is a JSON string of the context (the specification's wire shape).
    const context = JSON.parse((await answer.json()) as string) as CmsContext;
    const slots = await shopper.api<DeliverySlotList>(orderPaths.deliverySlots);
    expect(context.tenant.timeZone).toBe(slots.timeZone);
    const orders = await shopper.api<OrderPage>(`${orderPaths.orders}?page=1&pageSize=10`);
    expect(orders.items.length).toBeGreaterThan(0);
    const format = { locale: context.tenant.locale!, timeZone: slots.timeZone };
    const text = page.html.replaceAll('<!-- -->', ''); // React's marks between text nodes
    for (const order of orders.items)
      expect(text).toContain(`Ordered ${dateTimeLabel(order.createdAt, format)}`);
  });
});
