import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';

// The "add address" form of the signed-in checkout and of ordering a smart cart, refused (a
// postcode of no Eircode shape, ADR 0340), answers the page with what was typed beside the message,
// as the profile's and the guest's forms do: posted as a browser without JavaScript posts it.
// Before, the answer's form was empty and the shopper typed it all again.
let shop: TestShop;
let shopper: Shopper;

beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
  const [item] = await buyableOfferings(shop, 1);
  await shopper.putItem(item!.id, 1);
}, 120_000);
afterAll(() => shop?.close());

const typed = {
  intent: 'add-address',
  name: 'Robin Retype',
  line1: '9 Orchard Lane',
  line2: 'Top floor',
  postcode: 'NOT A CODE!',
  city: 'Bray',
  country: 'IE',
  phone: '',
  instructions: 'Leave it by the shed',
};

describe.each([
  ['the checkout', '/checkout'],
  ['a smart cart', '/smart-carts/sc-fresh-demo-breakfast'],
])('%s: a refused new address', (_, path) => {
  it('comes back with the typed values and the postcode message beside its field', async () => {
    const response = await shopper.post(path, typed);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/<p id="add-address-postcode-error" class="field-error"[^>]*>[^<]+<\/p>/);
    for (const value of ['Robin Retype', '9 Orchard Lane', 'Top floor', 'NOT A CODE!', 'Bray'])
      expect(html).toContain(`value="${value}"`);
    expect(html).toContain('value="Leave it by the shed"');
    expect(html).toMatch(/<option value="IE" selected="">/);
    // The form is open, not folded under "Add a new address".
    expect(html).toMatch(/<details class="add-form" open="">\s*<summary>Add a new address/);
  });
});
