import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listPaths,
  type ShoppingList,
  type ShoppingListCollection,
} from '../../shared/contracts/lists';
import { formatCents } from '../../client/lib/money';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf, type Shopper } from './client-checkout-support';

// The shopping list screens through the gateway against the real platform, as page form posts
// (without JavaScript): the seeded list, create / rename / delete, items, and the print view.
let shop: TestShop;
let shopper: Shopper;
let seeded: ShoppingList;

beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
  seeded = await shopper.api<ShoppingList>(listPaths.list('list-fresh-demo-weekly'));
}, 120_000);
afterAll(() => shop?.close());

const listNames = async () =>
  (await shopper.api<ShoppingListCollection>(listPaths.lists)).items.map((l) => l.name);

describe('shopping list screens', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const response = await shopperOf(shop).page('/shopping-lists');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/sign-in|login/);
  });

  it('shows the seeded list with its five items, brands, prices and notes', async () => {
    expect(seeded.items).toHaveLength(5);
    const response = await shopper.page('/shopping-lists');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Weekly shop');
    // Its caption counts as the overview beside it ("5 products") and an order do: lines are
    // products, their quantities items (it said "5 items" for lines of 1, 2, 3, 1 and 2).
    const units = seeded.items.reduce((sum, item) => sum + item.quantity, 0);
    expect(units).toBeGreaterThan(5);
    expect(html).toContain(`<caption>5 products (${units} items)</caption>`);
    expect(html).toContain('<span class="list-count">5 products</span>');
    for (const item of seeded.items) {
      expect(html).toContain(item.product!.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
      expect(html).toContain(item.product!.brand.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    }
    expect(html).toContain('the ripe ones');
    expect(html).toContain('href="/shopping-lists/list-fresh-demo-weekly/print"');
  });

  it('creates, renames and deletes a list', async () => {
    const created = await shopper.post('/shopping-lists', {
      intent: 'create-list',
      name: 'Barbecue',
    });
    expect(created.status).toBe(302);
    const location = created.headers.get('location')!;
    const listId = new URL(location, shop.url).searchParams.get('list')!;
    expect(listId).toBeTruthy();
    expect(await listNames()).toContain('Barbecue');
    expect(await (await shopper.page(location)).text()).toContain('Your new list is ready.');

    const empty = await shopper.post('/shopping-lists', {
      intent: 'rename-list',
      listId,
      name: '  ',
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Enter a name');

    const renamed = await shopper.post('/shopping-lists', {
      intent: 'rename-list',
      listId,
      name: 'Garden party',
    });
    expect(renamed.status).toBe(302);
    expect(await listNames()).toContain('Garden party');
    const list = await (await shopper.page(`/shopping-lists?list=${listId}`)).text();
    expect(list).toContain('Garden party');
    expect(list).toContain('<details class="add-form">');
    // After the rename (its redirect): the form stays open, as the shopper left it (ADR 0308).
    const after = await (await shopper.page(renamed.headers.get('location')!)).text();
    expect(renamed.headers.get('location')).toContain('done=renamed');
    expect(after).toContain('<details class="add-form" open="">');

    const asking = await (
      await shopper.page(`/shopping-lists?list=${listId}&confirm=delete`)
    ).text();
    expect(asking).toContain('Yes, delete the list');
    const deleted = await shopper.post('/shopping-lists', { intent: 'delete-list', listId });
    expect(deleted.status).toBe(302);
    expect(await listNames()).not.toContain('Garden party');
    expect((await shopper.page(`/shopping-lists?list=${listId}`)).status).toBe(404);
  });

  it('changes an item quantity and removes an item', async () => {
    const list = await shopper.api<ShoppingList>(listPaths.lists, 'POST', { name: 'Items test' });
    for (const item of seeded.items.slice(0, 2)) {
      await shopper.api(listPaths.items(list.id), 'POST', {
        offeringId: item.offeringId,
        quantity: 1,
      });
    }
    const [first, second] = (await shopper.api<ShoppingList>(listPaths.list(list.id))).items;
    const changed = await shopper.post('/shopping-lists', {
      intent: 'change-quantity',
      listId: list.id,
      itemId: first!.id,
      quantity: '7',
    });
    expect(changed.status).toBe(302);
    const bad = await shopper.post('/shopping-lists', {
      intent: 'change-quantity',
      listId: list.id,
      itemId: first!.id,
      quantity: '0',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('At least 1');
    const removed = await shopper.post('/shopping-lists', {
      intent: 'remove-item',
      listId: list.id,
      itemId: second!.id,
    });
    expect(removed.status).toBe(302);
    const after = await shopper.api<ShoppingList>(listPaths.list(list.id));
    expect(after.items.map((i) => [i.id, i.quantity])).toEqual([[first!.id, 7]]);
  });

  it('prints a list with its items, and answers 404 for an unknown list', async () => {
    const response = await shopper.page('/shopping-lists/list-fresh-demo-weekly/print');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Weekly shop');
    expect(html).toContain('print-table');
    expect(html).toContain('if on offer');
    expect((html.match(/<td role="cell" class="tick"/g) ?? []).length).toBe(5);
    expect((await shopper.page('/shopping-lists/list-nope/print')).status).toBe(404);
    expect((await shopper.page('/shopping-lists?list=list-nope')).status).toBe(404);
  });

  it('prints a case item at the price of a case, and says it is counted in cases', async () => {
    // Found in review: the print view showed every item at the single price, so a list of two
    // cases read "2 … €1.29" where the list screen said the case's price.
    const list = await shopper.api<ShoppingList>(listPaths.lists, 'POST', { name: 'Print cases' });
    const caseItem = seeded.items.find((i) => i.product && i.product.caseSize > 1)!;
    await shopper.api(listPaths.items(list.id), 'POST', {
      offeringId: caseItem.offeringId,
      quantity: 2,
      byCase: true,
    });
    const html = await (await shopper.page(`/shopping-lists/${list.id}/print`)).text();
    const money = (cents: number) =>
      formatCents(cents, { currency: list.currency, locale: 'en-IE' });
    // The row's text, without the markers React puts between adjacent text parts.
    const row = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)![1]!.replace(/<!-- -->/g, '');
    expect(row).toContain(money(caseItem.product!.priceCase));
    expect(row).not.toContain(money(caseItem.product!.priceSingle));
    expect(row).toContain(`case of ${caseItem.product!.caseSize}`);
  });
});
