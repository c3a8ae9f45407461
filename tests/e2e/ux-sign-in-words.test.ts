import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// An e-mail address the browser takes ("sam@shop": a type="email" field asks for no dot) but the
// gateway refuses, typed on a phone (docs/decisions/0366). Without JavaScript the sign-in screen
// said "Enter your e-mail address and your password."; the header's dialog, with JavaScript, said
// the gateway's API message: "Invalid sign-in request: email: must be an e-mail address". Both
// now say what to type, as the account forms do.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function signInWith(page: Page, form: ReturnType<Page['locator']>): Promise<string> {
  await form.getByLabel('E-mail').fill('sam@shop');
  await form.getByLabel('Password').fill('demo1234');
  await form.getByRole('button', { name: 'Sign in' }).press('Enter');
  const alert = form.getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent())?.trim() ?? '';
}

describe('a sign-in refused for the form of its e-mail address', () => {
  it('says the same words in the header’s dialog as on the screen without JavaScript', async () => {
    const withScript = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await withScript.newPage();
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: 'Sign in' }).click();
    const inDialog = await signInWith(page, page.getByRole('dialog', { name: 'Sign in' }));

    const withoutScript = await browser.newContext({
      viewport: VIEWPORTS.phone,
      javaScriptEnabled: false,
    });
    const plain = await withoutScript.newPage();
    await plain.goto(`${shop.url}/social-login`);
    const onScreen = await signInWith(plain, plain.locator('section.sign-in-screen form'));

    expect(onScreen).toBe('Enter your e-mail address, like name@example.com, and your password.');
    expect(inDialog).toBe(onScreen);
    await withScript.close();
    await withoutScript.close();
  });
});
