import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { focused, signedIn } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// "Sign out" landed home with no word that it had worked, but "Sign in" in the header (ADR
// 0377's leftovers). Now home says "You are signed out.", with the focus, as a profile screen's
// notice has it (docs/decisions/0315, 0383); with and without JavaScript the menu's form posts.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each([
  ['with', true],
  ['without', false],
] as const)('signing out %s JavaScript', (_with, javaScriptEnabled) => {
  it('lands home on "You are signed out.", which has the focus', async () => {
    const { context, page } = await signedIn(browser, shop.url, javaScriptEnabled);
    await page.goto(`${shop.url}/orders`);
    if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('summary[aria-label^="Account menu"]').click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${shop.url}/?done=signed-out`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await expect
      .poll(() => focused(page))
      .toMatchObject({ role: 'status', text: 'You are signed out.' });
    expect(await page.getByRole('status').filter({ hasText: 'You are signed out.' }).count()).toBe(
      1,
    );
    await context.close();
  });
});
