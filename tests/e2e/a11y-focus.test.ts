import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { DEMO } from '../support/platform';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';

// Where the keyboard focus goes, as a keyboard or screen-reader user expects of a shop
// (docs/decisions/0308): after a refused form post, to the first field in error (invalid,
// described by its message), with JavaScript and without; after any other post back to its page,
// it stays where it was (not after a navigation to another page); Escape closes the account menu
// and gives the focus back to its toggle; after a refused sign-in, to the message. Each step is
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

type Focused = {
  tag: string;
  name: string | null;
  invalid: string | null;
  /** The text of the elements aria-describedby names. */
  description: string;
  role: string | null;
  text: string;
  inDialog: boolean;
};

/** What has the focus (also without JavaScript: Playwright's own script reads it). */
async function focused(page: Page): Promise<Focused | null> {
  const element = page.locator('*:focus');
  if ((await element.count()) === 0) return null;
  return element.evaluate((el) => ({
    tag: el.tagName.toLowerCase(),
    name: el.getAttribute('name'),
    invalid: el.getAttribute('aria-invalid'),
    description: (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`)
      .join(' | '),
    role: el.getAttribute('role'),
    text: (el.textContent ?? '').trim(),
    inDialog: el.closest('dialog') !== null,
  }));
}

/** Presses the form's submit button from the keyboard: Tab's target, then Enter. */
async function submitFromKeyboard(page: Page, button: ReturnType<Page['getByRole']>) {
  await button.focus();
  expect((await focused(page))?.tag).toBe('button');
  await button.press('Enter');
}

async function signedIn(
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInDemo(page, shop.url);
  return { context, page };
}

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

describe('a post that stays on its page, with JavaScript', () => {
  // The forms without a focus of their own (docs/decisions/0308, point 6): <main> is inert for a
  // moment after each post (the new location is committed before React shows it), which dropped
  // the focus; the layout gives it back to the element that had it.
  it('renaming a shopping list: a refusal keeps the focus on the name, a rename on the button', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${shop.url}/shopping-lists?list=list-fresh-demo-weekly`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const form = page.locator('form.list-rename');
    await reactHandles(page, 'form.list-rename');
    await page.locator('details.add-form > summary', { hasText: 'Rename this list' }).click();
    const name = form.getByLabel('Name');
    // Blank after trimming: refused by the server. Enter in the field posts the form.
    await name.fill(' ');
    await name.press('Enter');
    await form.locator('#rename-list-name-error').waitFor();
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'input', name: 'name', invalid: 'true', description: 'Enter a name' });
    expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);

    // A new name from the button: the list's new name on the same page, the focus still there.
    await name.fill('Weekly shop, renamed');
    await submitFromKeyboard(page, form.getByRole('button', { name: 'Rename' }));
    await page.getByRole('heading', { level: 2, name: 'Weekly shop, renamed' }).waitFor();
    await expect.poll(() => page.url()).toContain('done=renamed');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: 'Rename' });
    await context.close();
  });

  it('changing an order’s quantity: Enter in the field saves, the focus stays in it', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${shop.url}/orders/ord-fresh-demo-3`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, 'form.lines-editor');
    const quantity = page.locator('form.lines-editor #quantity-0');
    const more = String(Number(await quantity.inputValue()) + 1);
    await quantity.fill(more);
    await quantity.press('Enter');
    await page.getByText('Your order’s items are updated.').waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'input', name: 'quantity', invalid: null });
    expect(await page.locator('*:focus').getAttribute('id')).toBe('quantity-0');
    expect(await quantity.inputValue()).toBe(more);
    expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);
    await context.close();
  });

  // Only a post's own page gets the focus back: on another page an element React kept in place
  // (here the reorder button, from one order to another) is not where the shopper was.
  it('a navigation to another page: the element the focus left does not get it back', async () => {
    const { context, page } = await signedIn();
    await page.goto(`${shop.url}/orders/ord-fresh-demo-3`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, 'form.reorder-buttons');
    const button = page.getByRole('button', { name: 'Add to my cart' });
    await button.focus();
    await button.evaluate((el) => (el.dataset.before = 'order 10003'));
    await page.evaluate(() => {
      type Router = {
        subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
        navigate(to: string): Promise<void>;
      };
      const router = (window as unknown as { __reactRouterDataRouter: Router })
        .__reactRouterDataRouter;
      // The browser drops the focus from the inert <main> at its next style update: at once here.
      const stop = router.subscribe(({ location }) => {
        if (location.pathname !== '/orders/ord-fresh-demo-2') return;
        (document.activeElement as HTMLElement | null)?.blur();
        stop();
      });
      void router.navigate('/orders/ord-fresh-demo-2');
    });
    await page.getByRole('heading', { level: 1, name: 'Order 10002' }).waitFor();
    expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);
    // React kept the button (the same place on the same kind of page): it could take the focus.
    expect(await page.locator('[data-before="order 10003"]').textContent()).toBe('Add to my cart');
    expect(await focused(page)).toBeNull();
    await context.close();
  });
});

describe('the account menu', () => {
  it('closes on Escape and gives the focus back to its toggle', async () => {
    const { context, page } = await signedIn();
    await page.waitForSelector('html[data-hydrated="true"]');
    const menu = page.locator('details.profile-menu');
    const toggle = menu.locator('summary');
    await reactHandles(page, 'details.profile-menu');

    await toggle.focus();
    await toggle.press('Enter');
    await expect.poll(() => menu.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Orders' });

    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('open')).toBeNull();
    expect(await focused(page)).toMatchObject({ tag: 'summary' });
    expect(await menu.getByRole('link', { name: 'Orders' }).isVisible()).toBe(false);
    // Enter opens it again from there.
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('open')).not.toBeNull();
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
