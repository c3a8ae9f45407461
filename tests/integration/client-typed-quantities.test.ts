import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPaths, smartCartPaths, type ShoppingList } from '../../shared/contracts/lists';
import type { SmartCart } from '../../shared/contracts/lists';
import { orderPaths, type OrderDetail } from '../../shared/contracts/orders';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// A quantity as a shopper (or a script) types it into the page forms, posted without JavaScript
// (ADR 0339): an empty field is an error beside it and changes nothing (it was read as 0, which
// removed the line), and only digits count ("0x10" was 16, "1e3" 1000). Spaces around the digits
// and full-width digits are fine.
let shop: TestShop;
let shopper: Shopper;
let items: { id: string; name: string }[];

beforeAll(async () => {
  shop = await startShop();
  items = await buyableOfferings(shop, 2, 'bread');
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

/** The editor's fields: one line per item, at the quantity typed. */
const linesOf = (intent: string, typed: [string, string][]): [string, string][] => [
  ['intent', intent],
  ...typed.flatMap(([offeringId, quantity]): [string, string][] => [
    ['offeringId', offeringId],
    ['byCase', 'false'],
    ['quantity', quantity],
  ]),
];

describe('the cart form (POST /cart)', () => {
  const set = (quantity: string) =>
    shopper.post('/cart', {
      intent: 'set',
      offeringId: items[0]!.id,
      byCase: 'false',
      quantity,
      returnTo: '/',
    });
  const held = async () =>
    (await shopper.cart()).items.find((item) => item.offeringId === items[0]!.id)?.quantity;

  it('refuses an empty or non-digit quantity and keeps the line', async () => {
    expect((await set('3')).status).toBe(302);
    for (const typed of ['', '  ', '0x10', '1e3', '1.5', '-1', '+2', 'Infinity']) {
      const refused = await set(typed);
      expect(refused.status, typed).toBe(400);
      // The answer is the cart page with the message (HTML, it is a page form).
      expect(await refused.text()).toMatch(
        /Invalid cart form: quantity: (Enter a quantity|Enter a whole number|At least 0)/,
      );
      expect(await held(), typed).toBe(3);
    }
  });

  it('reads spaces around digits and full-width digits; a typed 0 still removes', async () => {
    expect((await set(' 2 ')).status).toBe(302);
    expect(await held()).toBe(2);
    expect((await set('１２')).status).toBe(302);
    expect(await held()).toBe(12);
    expect((await set('0')).status).toBe(302);
    expect(await held()).toBeUndefined();
  });
});

describe('the order lines editor', () => {
  it('refuses an empty quantity beside its field and removes no line', async () => {
    for (const item of (await shopper.cart()).items)
      await shopper.putItem(item.offeringId, 0, item.byCase);
    await shopper.putItem(items[0]!.id, 1);
    await shopper.putItem(items[1]!.id, 1);
    const placed = await shopper.post('/checkout', {
      intent: 'place-order',
      addressId: 'adr-fresh-demo-home',
      slotId: (await shopper.firstSlot()).id,
      paymentMethodId: 'pm-fresh-demo-visa',
    });
    expect(placed.status).toBe(302);
    const orderId = placed.headers.get('location')!.split('/')[2]!.split('?')[0]!;

    const refused = await shopper.post(
      `/orders/${orderId}`,
      linesOf('change-lines', [
        [items[0]!.id, '2'],
        [items[1]!.id, ''],
      ]),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(
      /<p id="quantity-1-error" class="field-error"[^>]*>Enter a quantity<\/p>/,
    );
    const order = await shopper.api<OrderDetail>(orderPaths.order(orderId));
    expect(order.lines.map((line) => [line.offeringId, line.quantity])).toEqual([
      [items[0]!.id, 1],
      [items[1]!.id, 1],
    ]);
  });
});

describe('the smart cart items editor', () => {
  it('refuses an empty or hexadecimal quantity and changes no item', async () => {
    const cart = await shopper.api<SmartCart>(smartCartPaths.smartCarts, 'POST', {
      name: 'Typed',
      items: items.map((item) => ({ offeringId: item.id, quantity: 1, byCase: false })),
    });
    for (const typed of ['', '0x10']) {
      const refused = await shopper.post(
        `/smart-carts/${cart.id}`,
        linesOf('change-items', [
          [items[0]!.id, typed],
          [items[1]!.id, '1'],
        ]),
      );
      expect(refused.status, typed).toBe(400);
      const after = await shopper.api<SmartCart>(smartCartPaths.smartCart(cart.id));
      expect(after.items.map((item) => item.quantity)).toEqual([1, 1]);
    }
  });
});

describe('the shopping list forms', () => {
  it('refuses "1e3" and "0x10" rather than reading 1,000 and 16', async () => {
    const list = await shopper.api<ShoppingList>(listPaths.lists, 'POST', { name: 'Typed' });
    const added = await shopper.post('/shopping-lists', {
      intent: 'add-item',
      listId: list.id,
      offeringId: items[0]!.id,
      quantity: '1e3',
    });
    expect(added.status).toBe(400);
    expect(await added.text()).toContain('Enter a whole number');
    expect((await shopper.api<ShoppingList>(listPaths.list(list.id))).items).toEqual([]);

    await shopper.api(listPaths.items(list.id), 'POST', { offeringId: items[0]!.id, quantity: 2 });
    const [item] = (await shopper.api<ShoppingList>(listPaths.list(list.id))).items;
    for (const typed of ['0x10', '', ' ']) {
      const changed = await shopper.post('/shopping-lists', {
        intent: 'change-quantity',
        listId: list.id,
        itemId: item!.id,
        quantity: typed,
      });
      expect(changed.status, typed).toBe(400);
    }
    const after = await shopper.api<ShoppingList>(listPaths.list(list.id));
    expect(after.items.map((i) => i.quantity)).toEqual([2]);
  });
});
