import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// A new shopper in Chromium: registers through the form, follows the activation link of the
// e-mail (read from the platform's outbox), activates, signs in and finds the profile.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('account journey', () => {
  it('registers, activates from the e-mail link and signs in', async () => {
    const email = `e2e-${Date.now().toString(36)}@example.com`;
    const password = 'journey-password';
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(`${shop.url}/social-login`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    // The header's sign-in dialog has an e-mail field too: stay inside the registration form.
    const registration = page.getByRole('form', { name: 'Create an account' });
    await registration.getByLabel('First name').fill('Journey');
    await registration.getByLabel('Last name').fill('Tester');
    await registration.getByLabel('E-mail').fill(email);
    await registration.getByLabel('Password').fill(password);
    await registration.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const mail = (await shop.platform.outbox(email)).find(
      (message) => message.kind === 'activation',
    );
    const link = new URL(mail!.link!).pathname;
    await page.goto(shop.url + link);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await page.getByText('Your account is active').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).last().click();

    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    const form = page.locator('section.sign-in-screen form.sign-in-form');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/`);

    await page.goto(`${shop.url}/profile`);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.getByText(`Journey Tester, ${email}`).count()).toBe(1);
    await context.close();
  });
});
