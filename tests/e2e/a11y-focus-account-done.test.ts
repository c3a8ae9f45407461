import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../shared/contracts/account';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, submitFromKeyboard } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// Where the keyboard focus goes when an account screen's post went through and its form gave way
// to a panel that says so (docs/decisions/0315, point 3): on that panel (a live region, focusable
// outside the tab order). The submit button was disabled while posting and the form is gone:
// without the panel taking it, the focus was on <body>, the page's start.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

let counter = 0;
/** A fresh address per case: uaa mails one reset link an address in ten minutes. */
const newEmail = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.com`;

/** The path of the newest e-mail of that kind to `email` (the platform's outbox). */
async function mailedPath(email: string, kind: 'activation' | 'password-reset'): Promise<string> {
  const mail = (await shop.platform.outbox(email)).find((message) => message.kind === kind);
  expect(mail?.link, `no ${kind} e-mail for ${email}`).toBeTruthy();
  return new URL(mail!.link!).pathname;
}

/** An account registered through uaa, not yet activated: its activation link's path. */
async function registered(email: string): Promise<string> {
  const body = { email, password: 'focus-password-1', firstName: 'Focus', lastName: 'Tester' };
  const answer = await shop.platform.call(accountPaths.register, { method: 'POST', body });
  expect(answer.status).toBe(202);
  return mailedPath(email, 'activation');
}

/** An active account that asked for a new password: its reset link's path. */
async function resetAsked(email: string): Promise<string> {
  const key = (await registered(email)).split('/').at(-1);
  const activated = await shop.platform.call(accountPaths.activate, {
    method: 'POST',
    body: { key },
  });
  expect(activated.status).toBe(200);
  const asked = await shop.platform.call(accountPaths.resetInit, {
    method: 'POST',
    body: { email },
  });
  expect(asked.status).toBe(200);
  return mailedPath(email, 'password-reset');
}

type AccountScreen = {
  what: string;
  /** Gives the screen's address (an e-mail's link: the account is made first). */
  path(email: string): Promise<string>;
  /** Fills the form in, if it has fields. */
  fill(page: Page, email: string): Promise<void>;
  button: string;
  /** Text of the panel that replaces the form. */
  panel: string;
};

const SCREENS: AccountScreen[] = [
  {
    what: 'registration',
    path: async () => '/social-login?mode=register',
    fill: async (page, email) => {
      const form = page.getByRole('form', { name: 'Create an account' });
      await form.getByLabel('First name').fill('Focus');
      await form.getByLabel('Last name').fill('Tester');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Password').fill('focus-password-1');
    },
    button: 'Create my account',
    panel: 'Check your e-mail',
  },
  {
    what: 'password reset request',
    path: async () => '/social-login?mode=reset',
    fill: (page, email) => page.locator('form.account-form').getByLabel('E-mail').fill(email),
    button: 'Send me a reset link',
    panel: 'Check your e-mail',
  },
  {
    what: 'new password of a reset link',
    path: resetAsked,
    fill: async (page) => {
      await page.getByLabel('New password', { exact: true }).fill('focus-password-2');
      await page.getByLabel('New password, again').fill('focus-password-2');
    },
    button: 'Save my new password',
    panel: 'Your password is changed.',
  },
  {
    what: 'account activation',
    path: registered,
    fill: async () => {},
    button: 'Activate my account',
    panel: 'Your account is active.',
  },
];

describe.each([
  { javaScript: true, how: 'with JavaScript' },
  { javaScript: false, how: 'without JavaScript' },
])('an account form that went through, $how', ({ javaScript }) => {
  it.each(SCREENS)('$what: the focus is on the panel that replaced it', async (screen) => {
    const email = newEmail(javaScript ? 'focus-js' : 'focus-nojs');
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    const page = await context.newPage();
    await page.goto(`${shop.url}${await screen.path(email)}`);
    if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
    await screen.fill(page, email);
    if (javaScript) await reactHandles(page, 'form.account-form');
    const form = page.locator('form.account-form');
    await submitFromKeyboard(page, form.getByRole('button', { name: screen.button }));
    await page.locator('.account-done').filter({ hasText: screen.panel }).waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'div', role: 'status', text: expect.stringContaining(screen.panel) });
    if (javaScript) {
      expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);
    }
    await context.close();
  });
});
