import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// Issue #29 item 6: the core journey in a second engine, Debian's Firefox ESR driven over WebDriver
// BiDi by puppeteer-core, against the built shop: search, add to the cart, the cart, sign in,
// check out. CSS and text selectors only (what BiDi gives every engine).
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop(),
    puppeteer.launch({
      browser: 'firefox',
      executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
      headless: true,
      protocol: 'webDriverBiDi',
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');
const serverCart = async (page: Page) =>
  Booking.parse(
    await page.evaluate(async (path) => (await fetch(path)).json(), bookingPaths.cart('fresh')),
  );
const eventually = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('never happened');
};
// The URL read from here: waitForFunction would evaluate a string in the page, which the shop's
// CSP (no 'unsafe-eval') refuses and Firefox reports as a page error.
const at = (page: Page, path: RegExp) =>
  eventually(
    async () => new URL(page.url()),
    (url) => path.test(url.pathname + url.search),
  );

describe('the core journey in Firefox', () => {
  it('searches, adds to the cart, sees the cart, signs in and checks out', async () => {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    // Zod 4 probes once whether it may compile validators (Function('') in a try): the CSP has no
    // 'unsafe-eval', so it falls back to plain validation, and Firefox reports the refusal as a
    // page error. Any other page error fails the journey.
    page.on('pageerror', (error) => {
      const message = (error as Error).message;
      if (!/blocked a JavaScript eval/.test(message)) pageErrors.push(message);
    });
    expect(await browser.version()).toMatch(/firefox/i);

    // Search from the home page's box.
    await page.goto(`${shop.url}/`);
    await hydrated(page);
    await page.type('input[name="q"]', 'cheese');
    await page.keyboard.press('Enter');
    await at(page, /^\/search\/cheese$/);
    await hydrated(page);

    // Add the first product that can be bought, once.
    const card = await page.waitForSelector('.product-card:has(.quantity-add:not([disabled]))');
    const name = (await card!.$eval('.product-card-name', (h) => h.textContent!.trim()))!;
    await card!.$eval('.quantity-add:not([disabled])', (button) => (button as HTMLElement).click());
    const cart = await eventually(
      // Before the add has reached the server the shopper may have no cart (no session) yet.
      () => serverCart(page).catch(() => null),
      (c) => (c?.items.length ?? 0) > 0,
    );
    expect(cart!.items).toHaveLength(1);

    // The cart page lists it.
    await page.goto(`${shop.url}/cart`);
    await hydrated(page);
    expect(await page.$eval('main', (m) => m.textContent)).toContain(name);

    // Sign in as the demo shopper, back to the checkout.
    await page.goto(`${shop.url}/social-login?returnTo=%2Fcheckout`);
    await page.type('main input[name="email"]', DEMO.email);
    await page.type('main input[name="password"]', DEMO.password);
    await Promise.all([
      page.waitForNavigation(),
      page.click('main form:has(input[name="password"]) button[type="submit"]'),
    ]);
    await at(page, /^\/checkout/);
    await hydrated(page);

    // Place the order with the shopper's address, card and the earliest slot (chosen already).
    const place = await page.waitForSelector('button::-p-text(Place order)');
    await place!.click();
    await at(page, /^\/orders\/ord-[0-9a-f]+\?done=placed$/);
    const title = await page.waitForSelector('#order-title');
    expect(await title!.evaluate((h) => h.textContent)).toMatch(/^Order \d{5}$/);
    expect(await page.$eval('main', (m) => m.textContent)).toContain(name);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 180_000);
});
