import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPaths, type OrderDetail } from '../../shared/contracts/orders';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// The order screens through the gateway: the list, changing and cancelling an order until its
// cut-off, and reorder (replace or merge the cart), all as page form posts without JavaScript.
let shop: TestShop;
let shopper: Shopper;
let items: { id: string; name: string }[];

/** Places an order of the given items through the checkout action; returns its id. */
async function placeOrder(lines: [string, number][]): Promise<string> {
  for (const item of (await shopper.cart()).items)
    await shopper.putItem(item.offeringId, 0, item.byCase);
  for (const [offeringId, quantity] of lines) await shopper.putItem(offeringId, quantity);
  const slot = await shopper.firstSlot();
  const response = await shopper.post('/checkout', {
    intent: 'place-order',
    addressId: 'adr-fresh-demo-home',
    slotId: slot.id,
    paymentMethodId: 'pm-fresh-demo-visa',
  });
  expect(response.status).toBe(302);
  return response.headers.get('location')!.split('/')[2]!.split('?')[0]!;
}

beforeAll(async () => {
  shop = await startShop();
  items = await buyableOfferings(shop, 3, 'bread');
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

describe('order screens', () => {
  it('lists the new order with its status and total, and pages with ?page=', async () => {
    const orderId = await placeOrder([[items[0]!.id, 2]]);
    const html = await (await shopper.page('/orders')).text();
    expect(html).toContain(`href="/orders/${orderId}"`);
    expect(html).toContain('Placed');
    const missing = await shopper.page('/orders?page=99');
    expect(missing.status).toBe(200);
  });

  it("answers 404 for an order that is not the shopper's", async () => {
    expect((await shopper.page('/orders/ord-nope')).status).toBe(404);
  });

  it('says once until when an order can be changed or cancelled', async () => {
    const orderId = await placeOrder([[items[0]!.id, 1]]);
    const html = await (await shopper.page(`/orders/${orderId}`)).text();
    const text = html
      .replace(/<script[^>]*>.*?<\/script>/gs, '')
      .replace(/<[^>]+>|<!-- -->/g, '')
      .replace(/\s+/g, ' ');
    // It said so for both, then again for cancelling alone (docs/decisions/0370).
    expect(text).toMatch(/You can change or cancel this order until [^.]+\./);
    expect(text.match(/\buntil\b/g)).toHaveLength(1);
    expect(text).toContain('Cancel order…');
  });

  it('changes quantities and removes a line before the cut-off', async () => {
    const orderId = await placeOrder([
      [items[0]!.id, 1],
      [items[1]!.id, 1],
    ]);
    const lines: [string, string][] = [
      ['intent', 'change-lines'],
      ['offeringId', items[0]!.id],
      ['byCase', 'false'],
      ['quantity', '4'],
      ['offeringId', items[1]!.id],
      ['byCase', 'false'],
      ['quantity', '1'],
    ];
    const changed = await shopper.post(`/orders/${orderId}`, lines);
    expect(changed.status).toBe(302);
    expect(changed.headers.get('location')).toBe(`/orders/${orderId}?done=items`);
    let order = await shopper.api<OrderDetail>(orderPaths.order(orderId));
    expect(order.lines.map((l) => [l.offeringId, l.quantity])).toEqual([
      [items[0]!.id, 4],
      [items[1]!.id, 1],
    ]);

    const removed = await shopper.post(`/orders/${orderId}`, [...lines, ['remove', '1']]);
    expect(removed.status).toBe(302);
    order = await shopper.api<OrderDetail>(orderPaths.order(orderId));
    expect(order.lines.map((l) => l.offeringId)).toEqual([items[0]!.id]);

    const bad = await shopper.post(`/orders/${orderId}`, [
      ['intent', 'change-lines'],
      ['offeringId', items[0]!.id],
      ['byCase', 'false'],
      ['quantity', 'lots'],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(
      /<p id="quantity-0-error" class="field-error" tabindex="-1" autofocus="">Enter a whole number<\/p>/,
    );
  });

  it('cancels after the confirmation, then shows it can no longer be changed', async () => {
    const orderId = await placeOrder([[items[0]!.id, 1]]);
    const asking = await (await shopper.page(`/orders/${orderId}?confirm=cancel`)).text();
    expect(asking).toContain('Yes, cancel the order');
    const cancelled = await shopper.post(`/orders/${orderId}`, { intent: 'cancel' });
    expect(cancelled.status).toBe(302);
    const html = await (await shopper.page(cancelled.headers.get('location')!)).text();
    expect(html).toContain('Your order is cancelled.');
    expect(html).toContain('order-status-cancelled');
    expect(html).not.toContain('Save changes');
    expect((await shopper.api<OrderDetail>(orderPaths.order(orderId))).status).toBe('cancelled');
    const again = await shopper.post(`/orders/${orderId}`, { intent: 'cancel' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('it can no longer be cancelled');
  });

  it('reorders into the cart: "Add to my cart" merges, "Replace my cart" replaces', async () => {
    const orderId = await placeOrder([[items[0]!.id, 2]]);
    await shopper.putItem(items[2]!.id, 1);
    await shopper.putItem(items[0]!.id, 1);

    const merged = await shopper.post(`/orders/${orderId}`, {
      intent: 'reorder',
      override: 'false',
    });
    expect(merged.status).toBe(302);
    expect(merged.headers.get('location')).toBe('/checkout?reordered=added');
    const quantities = async () =>
      Object.fromEntries(
        (await shopper.cart()).items.map((item) => [item.offeringId, item.quantity]),
      );
    expect(await quantities()).toEqual({ [items[0]!.id]: 3, [items[2]!.id]: 1 });

    const replaced = await shopper.post(`/orders/${orderId}`, {
      intent: 'reorder',
      override: 'true',
    });
    expect(replaced.headers.get('location')).toBe('/checkout?reordered=replaced');
    expect(await quantities()).toEqual({ [items[0]!.id]: 2 });
    expect(await (await shopper.page('/checkout?reordered=replaced')).text()).toContain(
      'Your cart now holds the items of your past order.',
    );
  });

  it('refuses a reorder without a choice beside the buttons', async () => {
    const orderId = await placeOrder([[items[0]!.id, 1]]);
    const response = await shopper.post(`/orders/${orderId}`, { intent: 'reorder' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Choose to replace or add to your cart');
  });
});
