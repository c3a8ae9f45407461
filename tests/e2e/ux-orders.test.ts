import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Issue #9 point 5 (rest) in Chromium, on a phone and a desktop: orders are called by their short
// number, and the list says what each order held, with pictures (docs/decisions/0165).
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function signIn(page: Page, returnTo: string) {
  await page.goto(`${shop.url}/social-login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('E-mail').first().fill(DEMO.email);
  await page.getByLabel('Password').first().fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(`${shop.url}${returnTo}`);
}

describe.each(Object.entries(VIEWPORTS))('orders on a %s', (_size, viewport) => {
  it('lists orders by number with their first items, pictures and "and N more"', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, '/orders');
    const rows = page.locator('.order-row');
    // The demo shopper's three seeded orders, newest first, without any raw id in sight.
    await expect
      .poll(async () => rows.getByRole('link').allTextContents())
      .toEqual(['Order 10003', 'Order 10002', 'Order 10001']);
    expect(await page.locator('main').textContent()).not.toMatch(/ord-/);

    // Order 10002 has four lines: three named with their pictures, then "and 1 more product".
    const second = rows.filter({ has: page.getByRole('link', { name: 'Order 10002' }) });
    const items = second.locator('.order-preview-lines li');
    expect(await items.count()).toBe(3);
    for (const text of await items.allTextContents()) expect(text).toMatch(/^\d+ × \S.+/);
    await second.getByText('and 1 more product').waitFor();
    const pictures = second.locator('.order-preview-lines img');
    expect(await pictures.count()).toBe(3);
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    // Nothing pushes the list wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // Once the page is hydrated, an order's link is a client navigation (the layout's handler of
    // in-app links), not a document load.
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForLoadState('networkidle');
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await second.getByRole('link', { name: 'Order 10002' }).click();
    await page.waitForURL(/\/orders\/ord-fresh-demo-2$/);
    await page.getByRole('heading', { level: 1, name: 'Order 10002' }).waitFor();
    expect(await page.title()).toBe('Order 10002');
    expect(documents).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['with', true, VIEWPORTS.desktop],
  ['without', false, VIEWPORTS.phone],
] as const)('moving a delivery %s JavaScript', (_with, javaScriptEnabled, viewport) => {
  it("opens the slot picker on the order's day and moves it to a slot of another day", async () => {
    const context = await browser.newContext({ viewport, javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, '/orders/ord-fresh-demo-3');
    const facts = page.locator('.order-facts dd').first();
    const before = (await facts.textContent())!;
    await page.getByText('Change the delivery slot').click();
    const form = page.locator('form#change-slot');
    // The order's own slot is shown chosen, on its day.
    const current = form.getByRole('radio', { name: new RegExp(`^${before}, `) });
    expect(await current.isVisible()).toBe(true);
    expect(await current.isChecked()).toBe(true);
    // The first other day's tab, then its first free slot.
    await form.locator('.slot-day-radio:not(:checked) + .slot-day-tab').first().click();
    const target = form.getByRole('radio', { name: /\d\d:\d\d–\d\d:\d\d, (€|free)/i }).first();
    const label = (await target.getAttribute('aria-label'))!.replace(/, [^,]*$/, '');
    expect(label).not.toBe(before);
    await target.check();
    await form.getByRole('button', { name: 'Move my delivery' }).click();
    await page.getByText('Your delivery slot is changed.').waitFor();
    expect(await facts.textContent()).toBe(label);
    await context.close();
  });
});
