import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { launchChromium } from '../support/browser';
import { addCase } from '../support/cart-buttons';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// The cart in a real browser against the real platform: guest cart kept at sign-in, fast clicks,
// and adding to the cart with JavaScript turned off.
type Product = { slug: string; name: string; offeringId: string };
let shop: TestShop;
let browser: Browser;
let products: Product[];

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<{
    slug: string;
    name: string;
    offering_id: string;
  }>(
    `select p.slug, p.name, o.id as offering_id from products p join offerings o on o.product_id = p.id
      where o.tenant_id = 'fresh' and o.available order by p.position, p.id limit 4`,
  );
  products = rows.map((r) => ({ slug: r.slug, name: r.name, offeringId: r.offering_id }));
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function openProduct(page: Page, product: Product) {
  await page.goto(`${shop.url}/products/${product.slug}`);
  await page.waitForSelector('html[data-hydrated="true"]');
}

/** The visitor's cart as the server has it, read with the page's cookies. */
async function serverCart(page: Page): Promise<Booking> {
  const body = await page.evaluate(
    async (path) => (await fetch(path)).json(),
    bookingPaths.cart('fresh'),
  );
  return Booking.parse(body);
}
const lines = (booking: Booking) =>
  booking.items.map((i) => `${i.offeringId}:${i.byCase ? 'case' : 'single'}:${i.quantity}`).sort();

describe('cart journeys in Chromium', () => {
  it('keeps a guest cart when the guest signs in and merges it into the account cart', async () => {
    const [guestProduct, accountProduct] = products as [Product, Product];
    // The demo account already holds something of its own.
    const tokens = await shop.platform.signIn('fresh');
    await shop.platform.call(bookingPaths.item('fresh'), {
      method: 'PUT',
      token: tokens.access_token,
      body: { offeringId: accountProduct.offeringId, quantity: 1, byCase: false },
    });
    const before = Booking.parse(
      await (
        await shop.platform.call(bookingPaths.cart('fresh'), { token: tokens.access_token })
      ).json(),
    );

    const context = await browser.newContext();
    const page = await context.newPage();
    await openProduct(page, guestProduct);
    const singles = `${guestProduct.name} (singles)`;
    const cases = `${guestProduct.name} (cases)`;
    await page.getByRole('button', { name: `Add 1 ${guestProduct.name}` }).click();
    await page.getByRole('button', { name: `Increase quantity of ${singles}` }).click();
    await page.getByRole('button', { name: addCase(guestProduct.name) }).click();
    await expect
      .poll(async () => lines(await serverCart(page)))
      .toEqual([`${guestProduct.offeringId}:case:1`, `${guestProduct.offeringId}:single:2`].sort());
    await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch(/^3 items, /);

    await page.getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('E-mail').fill(DEMO.email);
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('Wrong e-mail or password.');
    await dialog.getByLabel('Password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('summary[aria-label^="Account menu"]');
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(page.url()).toBe(`${shop.url}/products/${guestProduct.slug}`);

    const merged = await serverCart(page);
    expect(lines(merged)).toEqual(
      [
        ...lines(before),
        `${guestProduct.offeringId}:case:1`,
        `${guestProduct.offeringId}:single:2`,
      ].sort(),
    );
    // The widget shows the merged cart.
    const count = merged.items.reduce((sum, item) => sum + item.quantity, 0);
    await expect
      .poll(() => page.locator('.cart-summary').textContent())
      .toMatch(new RegExp(`^${count} items, `));
    await page.getByRole('link', { name: /^Cart/ }).click();
    const panel = page.getByRole('dialog', { name: 'Your cart' });
    await expect
      .poll(() => panel.getByRole('status', { name: `Quantity of ${singles}` }).textContent())
      .toBe('2');
    await expect
      .poll(() => panel.getByRole('status', { name: `Quantity of ${cases}` }).textContent())
      .toBe('1');
    await expect
      .poll(() => panel.getByRole('link', { name: accountProduct.name, exact: true }).count())
      .toBeGreaterThan(0);
    await context.close();
  });

  it('ends exactly as clicked after fast repeated clicks, and removes without resurrecting', async () => {
    const product = products[2]!;
    const context = await browser.newContext();
    const page = await context.newPage();
    await openProduct(page, product);
    const singles = `${product.name} (singles)`;
    await page.getByRole('button', { name: `Add 1 ${product.name}` }).click();
    const plus = page.getByRole('button', { name: `Increase quantity of ${singles}` });
    await plus.dblclick();
    for (let i = 0; i < 4; i++) await plus.click({ delay: 0 });
    const shown = page.getByRole('status', { name: `Quantity of ${singles}` });
    expect(await shown.textContent()).toBe('7');
    await expect
      .poll(async () => lines(await serverCart(page)))
      .toEqual([`${product.offeringId}:single:7`]);

    const minus = page.getByRole('button', { name: `Decrease quantity of ${singles}` });
    await minus.dblclick();
    await minus.dblclick();
    await expect
      .poll(async () => lines(await serverCart(page)))
      .toEqual([`${product.offeringId}:single:3`]);
    for (let i = 0; i < 3; i++) await minus.click({ delay: 0 });
    await page.getByRole('button', { name: `Add 1 ${product.name}` }).waitFor();
    await expect.poll(async () => (await serverCart(page)).items).toEqual([]);
    // Nothing comes back once the last answers are in.
    await page.waitForTimeout(300);
    expect((await serverCart(page)).items).toEqual([]);
    expect(await page.getByRole('button', { name: `Add 1 ${product.name}` }).isVisible()).toBe(
      true,
    );
    await context.close();
  });

  it('adds to the cart with JavaScript turned off', async () => {
    const product = products[3]!;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/products/${product.slug}`);
    await page.getByRole('button', { name: addCase(product.name) }).click();
    await page.waitForURL(`${shop.url}/products/${product.slug}`);
    const response = await page.goto(`${shop.url}${bookingPaths.cart('fresh')}`);
    const cart = Booking.parse(await response?.json());
    expect(lines(cart)).toEqual([`${product.offeringId}:case:1`]);
    await context.close();
  });
});
