import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { fillDemoShopper } from '../support/phone-shop';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';

// A size label is said in words ("1 litre", "800 grams") while the eye reads it short ("1 l"):
// Chromium's accessibility tree of a product card and of a list's line (docs/decisions/0346).
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  await fillDemoShopper(shop);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const SHORT = /\d\s*(?:g|kg|ml|l)\b/;
const WORDS = /\d (?:grams|kilograms?|millilitres|litres?)\b/;

describe('size labels to a screen reader', () => {
  it('a product card and a list line say the units in words, and show them short', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.url}/search/milk`);
    // A carton of milk in litres: "Brand · 1 l" on screen.
    const litres = page.locator('.product-card-meta', { hasText: /· [\d.]+ l$/ });
    const card = page.locator('.product-card').filter({ has: litres }).first();
    await card.waitFor();
    const said = await card.ariaSnapshot();
    expect(said).toMatch(/· [\d.]+ litres?\b/);
    expect(said).not.toMatch(SHORT);

    await signInDemo(page, shop.url);
    await page.goto(`${shop.url}/shopping-lists?list=list-fresh-demo-weekly`);
    const sized = page.locator('th .per', { hasText: SHORT });
    const line = page.locator('tbody tr').filter({ has: sized }).first();
    await line.waitFor();
    const lineSaid = await line.ariaSnapshot();
    expect(lineSaid).toMatch(WORDS);
    expect(lineSaid).not.toMatch(SHORT);
    await context.close();
  });
});
