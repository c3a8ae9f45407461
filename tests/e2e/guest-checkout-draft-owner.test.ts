import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// The guest order form's draft (ADR 0317) is the draft of one guest's cart (ADR 0338). A tab
// outlives a sign-in and a sign-out: a guest typed an e-mail and an address, signed in half-way
// (the cart merged), signed out, and the next guest in that tab (a shared computer) found the
// first one's e-mail and address already in the order form, read from the tab's sessionStorage.
let shop: TestShop;
let browser: Browser;
let product: { slug: string; name: string };
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<{ slug: string; name: string }>(
    `select p.slug, p.name from offerings o join products p on p.id = o.product_id
      where o.tenant_id = 'fresh' and o.available order by p.position, p.id limit 1`,
  );
  product = rows[0]!;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const box = (page: Page, name: string, exact = false) => page.getByRole('textbox', { name, exact });

/** A guest puts the product in the cart with the shop's button and opens the guest checkout. */
async function guestAtCheckout(page: Page): Promise<void> {
  await page.goto(`${shop.url}/products/${product.slug}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const written = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/booking-ms/') && r.ok(),
  );
  await page
    .getByRole('button', { name: `Add 1 ${product.name}` })
    .first()
    .click();
  await written;
  await page.goto(`${shop.url}/checkout/guest`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await reactHandles(page, '#guest-order');
}

describe("the guest order form's draft", () => {
  it('is not shown to the next guest of the tab after a sign-in and a sign-out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await guestAtCheckout(page);
      await box(page, 'E-mail address').fill('first.guest@example.com');
      await box(page, 'Address', true).fill('1 Private Lane');
      // The draft is kept as typed (the form's change event).
      await expect
        .poll(() => page.evaluate(() => sessionStorage.getItem('guest-order-draft') ?? ''))
        .toContain('1 Private Lane');

      // Half-way, the guest signs in (the cart merges), then signs out.
      await page.goto(`${shop.url}/social-login?returnTo=%2Fcart`);
      const form = page.locator('section.sign-in-screen form.sign-in-form');
      await form.getByLabel('E-mail').fill(DEMO.email);
      await form.getByLabel('Password').fill(DEMO.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${shop.url}/cart`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.locator('summary[aria-label^="Account menu"]').click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${shop.url}/?done=signed-out`);
      await page.getByRole('link', { name: 'Sign in' }).waitFor();

      // Someone else, in the same tab, as a guest with a cart of their own.
      await guestAtCheckout(page);
      // Typing is after the draft's restore (an effect of the form's first render) and keeps
      // this guest's draft.
      await box(page, 'Town or city').fill('Cork');
      await expect
        .poll(() => page.evaluate(() => sessionStorage.getItem('guest-order-draft') ?? ''))
        .toContain('Cork');
      expect(await box(page, 'E-mail address').inputValue()).toBe('');
      expect(await box(page, 'Address', true).inputValue()).toBe('');
      const kept = await page.evaluate(() => sessionStorage.getItem('guest-order-draft') ?? '');
      expect(kept).not.toContain('first.guest@example.com');
    } finally {
      await context.close();
    }
  });
});
