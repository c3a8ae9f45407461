import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// Consent withdrawn in another tab stops measurement in this one at once (ADR 0265, 0267). The
// event sender, once loaded after consent, stayed for the tab's life and sent every cart change:
// declined on the Privacy choices page of a second tab, the first tab still beaconed add_to_cart
// to /analytics/events (the gateway dropped it, but the browser sent it). It now reads the
// consent cookie at each event, as the page's tracking does.
type Product = { slug: string; name: string; offeringId: string };
let shop: TestShop;
let browser: Browser;
let product: Product;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ COOKIE_SECURE: 'false' }), launchChromium()]);
  const { rows } = await shop.platform.db.query<{ slug: string; name: string; id: string }>(
    `select p.slug, p.name, o.id from products p join offerings o on o.product_id = p.id
      where o.tenant_id = 'fresh' and o.available order by p.position, p.id limit 1`,
  );
  product = { slug: rows[0]!.slug, name: rows[0]!.name, offeringId: rows[0]!.id };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function addOne(page: Page, product: Product): Promise<void> {
  const written = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/booking-ms/') && r.ok(),
  );
  await page
    .getByRole('button', { name: `Add 1 ${product.name}` })
    .first()
    .click();
  await written;
}

/** The choice made on the Privacy choices page of another tab. */
async function chooseElsewhere(context: BrowserContext, choice: 'Accept' | 'Decline') {
  const other = await context.newPage();
  await other.goto(`${shop.url}/consent`);
  await other.getByRole('button', { name: choice }).click();
  await other.waitForLoadState('load');
  await other.close();
}

describe('consent withdrawn in another tab', () => {
  it('stops the events of a tab whose sender is loaded, and a new consent resumes them', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/analytics/events')
        sent.push(request.postData() ?? '');
    });
    try {
      await page.goto(`${shop.url}/products/${product.slug}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page
        .getByRole('region', { name: 'Privacy choices' })
        .getByRole('button', { name: 'Accept' })
        .click();
      await page.waitForLoadState('load');
      await page.waitForSelector('html[data-hydrated="true"]');
      // The sender is loaded: the product page's view_item went.
      await expect.poll(() => sent.join('')).toContain('view_item');

      await chooseElsewhere(context, 'Decline');
      await addOne(page, product);
      // Consent given again: the same tab's sender measures the next change, another product's
      // (one the page suggests). Its beacons go in order: once this one is there, the change
      // made without consent would be too.
      await chooseElsewhere(context, 'Accept');
      const suggested = page.locator(
        `form.quantity-add-form:not(:has(input[value="${product.offeringId}"]))`,
      );
      const other = await suggested.first().locator('input[name="offeringId"]').inputValue();
      const written = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().includes('/booking-ms/') && r.ok(),
      );
      await suggested
        .first()
        .getByRole('button', { name: /^Add 1 / })
        .click();
      await written;
      await expect
        .poll(() => sent.some((body) => body.includes('add_to_cart') && body.includes(other)))
        .toBe(true);
      const added = sent.filter((body) => body.includes('add_to_cart'));
      expect(added).toHaveLength(1);
      expect(added[0]).not.toContain(product.offeringId);
    } finally {
      await context.close();
    }
  });
});
