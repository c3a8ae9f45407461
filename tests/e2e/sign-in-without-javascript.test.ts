import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// Issue #8 item 5 in Chromium with JavaScript turned off: sign in with a password through the
// plain form post, see the account, sign out through the profile menu's form.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('sign-in without JavaScript', () => {
  it('signs in with a password, shows the account, signs out', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/profile`);
    // The auth middleware sends a signed-out visitor to the sign-in screen.
    await page.waitForURL(/\/social-login\?returnTo=%2Fprofile/);
    const form = page.locator('section.sign-in-screen form.sign-in-form');

    await form.getByLabel('E-mail').fill(DEMO.email);
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }).waitFor();
    expect(await form.getByLabel('E-mail').inputValue()).toBe(DEMO.email);

    await form.getByLabel('Password').fill(DEMO.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/profile`);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.getByText(DEMO.email).count()).toBeGreaterThan(0);

    // The profile menu is a <details>: it opens without JavaScript.
    await page.locator('summary[aria-label^="Account menu"]').click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${shop.url}/?done=signed-out`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    const cookies = await context.cookies(shop.url);
    expect(cookies.filter((c) => c.name === 'access_token' || c.name === 'refresh_token')).toEqual(
      [],
    );
    await context.close();
  });
});
