import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';
import { shopperOf } from '../integration/client-checkout-support';
import { linkInOutbox, newEmail } from '../integration/client-account-support';

// The e-mails' links walked as a new shopper at 375 px (docs/decisions/0377): an account signed
// into before its activation said uaa's "Account not activated: follow the link in the
// activation e-mail"; "Decline" in the privacy banner of the activation page (a first visit, as
// from an e-mail) went home, the link to follow again; a used reset link said "Unknown, used or
// expired reset key" and kept a form that could only be refused again.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function registered(password: string): Promise<string> {
  const email = newEmail('walker');
  const answer = await shopperOf(shop).post('/social-login?mode=register', {
    intent: 'register',
    firstName: 'Wanda',
    lastName: 'Walker',
    email,
    password,
  });
  expect(answer.status).toBe(200);
  return email;
}

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  return context.newPage();
}

describe('the links of the account e-mails', () => {
  it('a sign-in before the activation says what to do in the shop’s words', async () => {
    const email = await registered('walker-secret-1');
    const page = await phonePage();
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill('walker-secret-1');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(
      'Your account is not active yet. Follow the link in the e-mail we sent when you created it, then sign in.',
    );
    await page.context().close();
  });

  it('a privacy choice on the activation page stays on it, and the link still activates', async () => {
    const email = await registered('walker-secret-2');
    const link = await linkInOutbox(shop, email, 'activation');
    const page = await phonePage();
    await page.goto(shop.url + link);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe(link);
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await page.getByText('Your account is active. You can sign in now.').waitFor();
    await page.context().close();
  });

  it('a used reset link says so once, with the way to a new one and no form', async () => {
    const email = await registered('walker-secret-3');
    await shopperOf(shop).post('/social-login?mode=reset', { intent: 'reset-request', email });
    const link = await linkInOutbox(shop, email, 'password-reset');
    const first = { newPassword: 'walker-new-3', confirmPassword: 'walker-new-3' };
    expect((await shopperOf(shop).post(link, { intent: 'reset-finish', ...first })).status).toBe(
      200,
    );

    const page = await phonePage();
    await page.goto(shop.url + link);
    await page.getByRole('button', { name: 'Decline' }).click();
    await reactHandles(page, 'form.account-form button[type="submit"]');
    await page.getByLabel('New password', { exact: true }).fill('walker-new-4');
    await page.getByLabel('New password, again').fill('walker-new-4');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(
      'This reset link is not valid, was already used or has expired. Ask for a new one.',
    );
    // The message has the focus the pressed button had; the form is gone.
    await expect.poll(() => alert.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Save my new password' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.context().close();
  });
});
