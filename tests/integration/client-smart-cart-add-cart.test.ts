import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { smartCartPaths, type SmartCart } from '../../shared/contracts/lists';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// "Save my cart’s items here" through the gateway against the real platform, as a browser
// without JavaScript posts it (ADR 0371): an empty smart cart says what to do with an empty cart
// and offers the cart when it holds something; the post adds the cart (once per rendering of the
// form), leaves the cart, and comes back with a notice; a cart emptied meanwhile is said on the page.
let shop: TestShop;
let shopper: Shopper;
let offerings: { id: string; name: string }[];
const BUTTON = 'Save my cart’s items here';

beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
  offerings = await buyableOfferings(shop, 2);
}, 120_000);
afterAll(() => shop?.close());

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
const text = async (path: string) =>
  (await (await shopper.page(path)).text()).replace(/<!-- -->/g, '');

async function emptyCart() {
  for (const item of (await shopper.cart()).items)
    await shopper.api(`${bookingPaths.item('fresh')}?bookingItemUid=${item.uid}`, 'DELETE');
}

/** The hidden fields of the page's "Save my cart’s items here" form, as a browser posts them. */
function addCartFields(html: string): [string, string][] {
  const form = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].find((match) =>
    match[1]!.includes(`>${BUTTON}</button>`),
  );
  if (!form) throw new Error(`no form with "${BUTTON}"`);
  return [...form[1]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)].map(
    (input) => [input[1]!, input[2]!],
  );
}

const newSmartCart = () =>
  shopper.api<SmartCart>(smartCartPaths.smartCarts, 'POST', { name: 'Weekly shop', items: [] });
const linesOf = async (id: string) =>
  (await shopper.api<SmartCart>(smartCartPaths.smartCart(id))).items.map((i) => [
    i.offeringId,
    i.quantity,
  ]);

describe('the cart added to a smart cart, without JavaScript', () => {
  it('sends an empty smart cart with an empty cart shopping', async () => {
    await emptyCart();
    const smart = await newSmartCart();
    const html = await text(`/smart-carts/${smart.id}`);
    expect(html).toContain('This smart cart is empty.');
    expect(html).toContain('Your cart is empty too.');
    expect(html).toMatch(/<a class="button primary" href="\/"[^>]*>Start shopping<\/a>/);
    expect(html).not.toContain(BUTTON);
  });

  it('adds the cart once per rendering, leaves the cart and says so', async () => {
    await emptyCart();
    const [a, b] = offerings;
    await shopper.putItem(a!.id, 2);
    const cart = await shopper.putItem(b!.id, 1, true);
    const smart = await newSmartCart();
    const page = `/smart-carts/${smart.id}`;
    const html = await text(page);
    // The empty smart cart's one form, its main button.
    expect(html).toContain(`<button type="submit" class="button primary">${BUTTON}</button>`);
    const fields = addCartFields(html);
    expect(fields.map(([name]) => name)).toEqual(['intent', 'idempotencyKey']);

    const posted = await shopper.post(page, fields);
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe(`${page}?done=cart-added`);
    // The same post again (a double click, "resubmit") adds nothing more.
    const again = await shopper.post(page, fields);
    expect(again.headers.get('location')).toBe(`${page}?done=cart-added`);
    expect(await linesOf(smart.id)).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ]);
    expect((await shopper.cart()).items).toEqual(cart.items);

    const after = await text(`${page}?done=cart-added`);
    expect(after).toContain(
      'Your cart’s items are saved in this smart cart; your cart stays as it is.',
    );
    for (const offering of offerings) expect(after).toContain(escaped(offering.name));
    // A smart cart with items keeps the form, beside its own buttons; a new rendering adds again.
    expect(after).toContain(`<button type="submit" class="button">${BUTTON}</button>`);
    expect((await shopper.post(page, addCartFields(after))).status).toBe(302);
    expect(await linesOf(smart.id)).toEqual([
      [a!.id, 4],
      [b!.id, 2],
    ]);
  });

  it('says on the page that the cart was emptied since it was shown', async () => {
    await emptyCart();
    await shopper.putItem(offerings[0]!.id, 1);
    const smart = await newSmartCart();
    const page = `/smart-carts/${smart.id}`;
    const fields = addCartFields(await text(page));
    await emptyCart();
    const refused = await shopper.post(page, fields);
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Your cart is empty: nothing to add');
    expect(html).toContain('Your cart is empty too.');
    expect(await linesOf(smart.id)).toEqual([]);
  });

  it("is the 404 page for another shop's smart cart", async () => {
    await shopper.putItem(offerings[0]!.id, 1);
    const refused = await shopper.post('/smart-carts/sc-harbour-demo-breakfast', {
      intent: 'add-cart',
    });
    expect(refused.status).toBe(404);
  });
});
