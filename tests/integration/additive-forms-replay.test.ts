import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import {
  listPaths,
  smartCartPaths,
  type ShoppingList,
  type SmartCart,
} from '../../shared/contracts/lists';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// The forms that add to the cart (a list's "Add all to cart", a smart cart's "Add smart cart to
// cart", an order's "Add to my cart") posted twice as a browser without JavaScript does: a double
// click, the back button and "resubmit", a retry. Each rendering of a form carries its own key
// (docs/decisions/0328); the same submission sent again adds nothing more and leads to the same
// notice, while the next rendering of the page adds again.
let shop: TestShop;
let shopper: Shopper;
let offerings: { id: string }[];

beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
  offerings = await buyableOfferings(shop, 2);
}, 120_000);
afterAll(() => shop?.close());

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The fields the browser posts when `button` of the page's form is pressed: the form's hidden
 * inputs and the button's own name and value; and where the form posts to.
 */
async function formOf(path: string, button: string) {
  const html = await (await shopper.page(path)).text();
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find((match) =>
    match[2]!.includes(`>${button}</button>`),
  );
  if (!form) throw new Error(`no form with "${button}" on ${path}`);
  const fields: [string, string][] = [];
  for (const input of form[2]!.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields.push([name, decode(value ?? '')]);
  }
  const pressed = new RegExp(`<button\\b([^>]*)>${button}</button>`).exec(form[2]!)![1]!;
  const name = /name="([^"]*)"/.exec(pressed)?.[1];
  if (name) fields.push([name, decode(/value="([^"]*)"/.exec(pressed)?.[1] ?? '')]);
  const action = /action="([^"]*)"/.exec(form[1]!)?.[1];
  return { to: action ? decode(action) : path, fields };
}

const quantities = async () =>
  Object.fromEntries((await shopper.cart()).items.map((i) => [i.offeringId, i.quantity]));

async function emptyCart() {
  for (const item of (await shopper.cart()).items)
    await shopper.api(`${bookingPaths.item('fresh')}?bookingItemUid=${item.uid}`, 'DELETE');
}

/**
 * Posts the rendered form twice one after the other, then twice at once from a new rendering;
 * each time the cart grows by one fill and every answer leads to the same page.
 */
async function postedTwice(path: string, button: string, added: Record<string, number>) {
  await emptyCart();
  const grown = (times: number) =>
    Object.fromEntries(Object.entries(added).map(([id, n]) => [id, n * times]));

  const form = await formOf(path, button);
  const first = await shopper.post(form.to, form.fields);
  expect(first.status).toBe(302);
  const replay = await shopper.post(form.to, form.fields);
  expect(replay.status).toBe(302);
  expect(replay.headers.get('location')).toBe(first.headers.get('location'));
  expect(await quantities()).toEqual(grown(1));

  const next = await formOf(path, button);
  const keyOf = (fields: [string, string][]) => fields.find(([name]) => name === 'idempotencyKey');
  expect(keyOf(form.fields)?.[1]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keyOf(next.fields)?.[1]).not.toBe(keyOf(form.fields)?.[1]);
  const answers = await Promise.all([1, 2, 3].map(() => shopper.post(next.to, next.fields)));
  expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302]);
  expect(new Set(answers.map((answer) => answer.headers.get('location'))).size).toBe(1);
  expect(await quantities()).toEqual(grown(2));
  return first.headers.get('location')!;
}

describe('an additive form posted twice adds once', () => {
  it('"Add all to cart" of a list, with the same notice for the replay', async () => {
    const [a, b] = offerings;
    const list = await shopper.api<ShoppingList>(listPaths.lists, 'POST', { name: 'Twice' });
    await shopper.api(listPaths.items(list.id), 'POST', { offeringId: a!.id, quantity: 2 });
    await shopper.api(listPaths.items(list.id), 'POST', { offeringId: b!.id, quantity: 5 });
    const location = await postedTwice(`/shopping-lists?list=${list.id}`, 'Add all to cart', {
      [a!.id]: 2,
      [b!.id]: 5,
    });
    expect(await (await shopper.page(location)).text()).toContain(
      '2 products (7 items) added to your cart.',
    );
  });

  it('"Put these items in my cart" of a smart cart', async () => {
    const [a, b] = offerings;
    const smart = await shopper.api<SmartCart>(smartCartPaths.smartCarts, 'POST', {
      name: 'Twice',
      items: [
        { offeringId: a!.id, quantity: 3 },
        { offeringId: b!.id, quantity: 1 },
      ],
    });
    await postedTwice(`/smart-carts/${smart.id}`, 'Put these items in my cart', {
      [a!.id]: 3,
      [b!.id]: 1,
    });
  });

  it('"Add to my cart" of an order', async () => {
    const [a, b] = offerings;
    await emptyCart();
    await shopper.putItem(a!.id, 2);
    await shopper.putItem(b!.id, 4);
    const placed = await shopper.post('/checkout', {
      intent: 'place-order',
      addressId: 'adr-fresh-demo-home',
      slotId: (await shopper.firstSlot()).id,
      paymentMethodId: 'pm-fresh-demo-visa',
    });
    expect(placed.status).toBe(302);
    const orderPage = placed.headers.get('location')!.split('?')[0]!;
    const location = await postedTwice(orderPage, 'Add to my cart', { [a!.id]: 2, [b!.id]: 4 });
    expect(location).toBe('/checkout?reordered=added');
  });
});
