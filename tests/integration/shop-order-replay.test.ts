import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths, type OrderPage } from '../../shared/contracts/orders';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// Placing an order through the gateway is idempotent (docs/decisions/0140): the checkout form
// carries a key made when it was rendered; submitting that form again (a replay, a retry after a
// lost answer, a double click) leads to the first order and places no second one.
let shop: TestShop;
let shopper: Shopper;
let items: { id: string }[];

beforeAll(async () => {
  shop = await startShop();
  items = await buyableOfferings(shop, 2);
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

const orderCount = async () => (await shopper.api<OrderPage>(orderPaths.orders)).total;

/** Fills the cart, renders the checkout and reads its order form's hidden key. */
async function checkoutForm(): Promise<Record<string, string>> {
  await shopper.putItem(items[0]!.id, 1);
  await shopper.putItem(items[1]!.id, 2);
  const html = await (await shopper.page('/checkout')).text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  return {
    idempotencyKey: key!,
    intent: 'place-order',
    addressId: 'adr-fresh-demo-work',
    slotId: (await shopper.firstSlot()).id,
    paymentMethodId: 'pm-fresh-demo-visa',
  };
}

describe('placing an order through the gateway, twice', () => {
  it('gives each rendering of the checkout form its own key', async () => {
    const one = await checkoutForm();
    const two = await checkoutForm();
    expect(one.idempotencyKey).not.toBe(two.idempotencyKey);
  });

  it('leads a replayed submission to the first order', async () => {
    const form = await checkoutForm();
    const before = await orderCount();
    const first = await shopper.post('/checkout', form);
    expect(first.status).toBe(302);
    const location = first.headers.get('location')!;
    expect(location).toMatch(/^\/orders\/ord-[0-9a-f]+\?done=placed$/);
    const replay = await shopper.post('/checkout', form);
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe(location);
    expect(await orderCount()).toBe(before + 1);
  });

  it('places one order for concurrent submissions of one form', async () => {
    const form = await checkoutForm();
    const before = await orderCount();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => shopper.post('/checkout', form)),
    );
    const locations = new Set(answers.map((answer) => answer.headers.get('location')));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302]);
    expect(locations.size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
  });

  it('passes Idempotency-Key through the proxy to the orders service', async () => {
    const form = await checkoutForm();
    const before = await orderCount();
    const call = () =>
      shopper.send(orderPaths.orders, {
        method: 'POST',
        headers: {
          'x-csrf': '1',
          'content-type': 'application/json',
          'idempotency-key': form.idempotencyKey!,
        },
        body: JSON.stringify({
          addressId: form.addressId,
          slotId: form.slotId,
          paymentMethodId: form.paymentMethodId,
        }),
      });
    const first = await call();
    expect(first.status).toBe(201);
    const replay = await call();
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await replay.json()).id).toBe((await first.json()).id);
    expect(await orderCount()).toBe(before + 1);
  });
});
