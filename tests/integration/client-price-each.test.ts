import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cataloguePaths, type ProductList } from '../../shared/contracts/catalogue';
import {
  listPaths,
  smartCartPaths,
  type ShoppingList,
  type SmartCart,
} from '../../shared/contracts/lists';
import { orderPaths, type OrderQuote } from '../../shared/contracts/orders';
import { unitPriceOf, type Pack } from '../../shared/unit-price';
import { formatCents } from '../../client/lib/money';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf, type Shopper } from './client-checkout-support';
import { guestWithCart } from './guest-checkout-support';

// Line tables name the price of one item or case "Price each", never "Unit price" (in the EU the
// price per kg or litre), and give that price per kg or litre under it when the pack is known:
// the checkout (from the cart's products), smart carts and lists (from their offering views' pack).
// An order's lines go without: its record keeps no pack (docs/decisions/0214).
let shop: TestShop;
let shopper: Shopper;
const money = (cents: number) => formatCents(cents, { currency: 'EUR', locale: 'en-IE' });

beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

/** A page's HTML without the markers React puts between adjacent text parts. */
async function html(path: string): Promise<string> {
  const response = await shopper.page(path);
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, '');
}

/** "€2.86 per kg": the price per unit of quantity of `count` packs costing `cents`. */
function perUnit(cents: number, pack: Pack, count: number): string {
  const unit = unitPriceOf(cents, pack, count);
  return `${money(unit.cents)} per ${unit.per}`;
}

function expectPriceEachColumn(page: string) {
  expect(page).toMatch(/<th scope="col"[^>]*class="num">Price each<\/th>/);
  expect(page).not.toContain('Unit price');
}

describe('price each and price per kg in line tables', () => {
  it('shows the checkout lines, single and case, with their price per kg or litre', async () => {
    const { items } = (await (
      await fetch(`${shop.url}${cataloguePaths.search}?q=milk`)
    ).json()) as ProductList;
    const product = items.find((p) => p.offering.available && p.pack && p.offering.caseSize > 1)!;
    for (const line of (await shopper.cart()).items)
      await shopper.putItem(line.offeringId, 0, line.byCase);
    await shopper.putItem(product.offering.id, 2);
    await shopper.putItem(product.offering.id, 1, true);
    const quote = await shopper.api<OrderQuote>(orderPaths.quote, 'POST', {});
    const single = quote.lines.find((l) => !l.byCase)!;
    const cased = quote.lines.find((l) => l.byCase)!;

    const page = await html('/checkout');
    expectPriceEachColumn(page);
    expect(page).toContain(`${money(cased.unitPrice)}<span class="per"> per case</span>`);
    expect(page).toContain(perUnit(single.unitPrice, product.pack!, 1));
    expect(page).toContain(perUnit(cased.unitPrice, product.pack!, product.offering.caseSize));
  });

  it("shows a guest's checkout lines with their price per kg or litre", async () => {
    const guest = await guestWithCart(shop);
    const [line] = (await guest.cart()).items;
    const { items } = (await (
      await fetch(`${shop.url}${cataloguePaths.search}?q=milk`)
    ).json()) as ProductList;
    const product = items.find((p) => p.offering.id === line!.offeringId)!;
    const response = await guest.page('/checkout/guest');
    const page = (await response.text()).replace(/<!-- -->/g, '');
    expectPriceEachColumn(page);
    expect(page).toContain(perUnit(product.offering.priceSingleCents, product.pack!, 1));
  });

  it('shows a smart cart with a price each and its price per kg or litre', async () => {
    const cart = await shopper.api<SmartCart>(smartCartPaths.smartCart('sc-fresh-demo-breakfast'));
    const page = await html('/smart-carts/sc-fresh-demo-breakfast');
    expectPriceEachColumn(page);
    const priced = cart.items.filter((i) => i.product?.pack);
    expect(priced.length).toBeGreaterThan(0);
    for (const item of priced) {
      const count = item.byCase ? item.product!.caseSize : 1;
      expect(page).toContain(perUnit(item.unitPrice!, item.product!.pack!, count));
    }
  });

  it('shows a list and its print view with a price each and its price per kg or litre', async () => {
    const list = await shopper.api<ShoppingList>(listPaths.list('list-fresh-demo-weekly'));
    const priced = list.items.filter((i) => i.product?.pack);
    expect(priced.length).toBeGreaterThan(0);
    for (const path of ['/shopping-lists', '/shopping-lists/list-fresh-demo-weekly/print']) {
      const page = await html(path);
      expect(page, path).toMatch(/<th scope="col"[^>]*class="num">Price each<\/th>/);
      for (const { product, byCase } of priced) {
        const cents = byCase ? product!.priceCase : product!.priceSingle;
        const count = byCase ? product!.caseSize : 1;
        expect(page, path).toContain(perUnit(cents, product!.pack!, count));
      }
    }
  });
});
