import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn as signedInAs, submitFromKeyboard } from '../support/focus';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// Where the keyboard focus goes after a refused post, as a keyboard or screen-reader user expects
// of a shop (docs/decisions/0308): to the first field in error (invalid, described by its
// message), with JavaScript and without; after a refused sign-in, to the message. Each step is
// taken from the keyboard: the focused submit button was disabled while the post was under way,
// so the focus had nowhere to go but the page's start.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const signedIn = (javaScriptEnabled = true) => signedInAs(browser, shop.url, javaScriptEnabled);

describe('a refused form post', () => {
  it('profile details with JavaScript: the focus goes to the first field in error', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${shop.url}/profile/info`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const form = page.locator('form.profile-panel');
    await reactHandles(page, 'form.profile-panel');
    // Blank after trimming, and letters in the phone: two fields refused by the server.
    await form.getByLabel('Last name').fill(' ');
    await form.getByLabel('Phone').fill('call me');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST');
    await submitFromKeyboard(page, form.getByRole('button', { name: 'Save my details' }));
    expect((await refused).status()).toBe(400);
    await form.locator('#info-phone-error').waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'input',
        name: 'lastName',
        invalid: 'true',
        description: 'Enter your last name',
      });
    // The phone is marked too, with its own message.
    expect(await form.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${shop.url}/profile/info`);
    await context.close();
  });

  it('profile details without JavaScript: the refused post’s page starts on that field', async () => {
    const { context, page } = await signedIn(false);
    await page.goto(`${shop.url}/profile/info`);
    const form = page.locator('form.profile-panel');
    await form.getByLabel('Last name').fill(' ');
    await form.getByLabel('Phone').fill('call me');
    await submitFromKeyboard(page, form.getByRole('button', { name: 'Save my details' }));
    await page.waitForLoadState('load');
    await form.locator('#info-phone-error').waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'input',
        name: 'lastName',
        invalid: 'true',
        description: 'Enter your last name',
      });
    await context.close();
  });

  it('the sign-up form: the first field in error, not the button', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.url}/social-login?mode=register`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const form = page.getByRole('form', { name: 'Create an account' });
    await reactHandles(page, 'form.account-form');
    await form.getByLabel('First name').fill(' ');
    await form.getByLabel('Last name').fill('Tester');
    await form.getByLabel('E-mail').fill(`focus-${Date.now().toString(36)}@example.com`);
    await form.getByLabel('Password').fill('a-long-password');
    await submitFromKeyboard(page, form.getByRole('button', { name: 'Create my account' }));
    await form.locator('.field-error').first().waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'input',
        name: 'firstName',
        invalid: 'true',
        description: 'Enter your first name',
      });
    await context.close();
  });

  it('a new shopping list with a blank name: the name field, not the button', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${shop.url}/shopping-lists`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const form = page.locator('form.list-create');
    await reactHandles(page, 'form.list-create');
    await form.getByLabel('New list').fill(' ');
    await submitFromKeyboard(page, form.getByRole('button', { name: 'Create list' }));
    await form.locator('#new-list-name-error').waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'input',
        name: 'name',
        invalid: 'true',
        description: 'Enter a name',
      });
    await context.close();
  });
});

describe('a refused sign-in', () => {
  it('in the header’s dialog: the focus goes to the message, inside the dialog', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('E-mail').fill(DEMO.email);
    await dialog.getByLabel('Password').fill('not the password');
    await submitFromKeyboard(page, dialog.getByRole('button', { name: 'Sign in' }));
    await dialog.getByRole('alert').waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'p',
        role: 'alert',
        text: 'Wrong e-mail or password.',
        inDialog: true,
      });
    // A second refusal takes the focus there again.
    await dialog.getByLabel('Password').fill('still not the password');
    await submitFromKeyboard(page, dialog.getByRole('button', { name: 'Sign in' }));
    await expect.poll(() => focused(page)).toMatchObject({ role: 'alert', inDialog: true });
    await context.close();
  });

  it('on the sign-in screen without JavaScript: the refused post’s page starts on the message', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/social-login`);
    const form = page.locator('section.sign-in-screen form.sign-in-form');
    await form.getByLabel('E-mail').fill(DEMO.email);
    await form.getByLabel('Password').fill('not the password');
    await submitFromKeyboard(page, form.getByRole('button', { name: 'Sign in' }));
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' }).waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'p',
        role: 'alert',
        text: 'Wrong e-mail or password.',
      });
    await context.close();
  });
});
