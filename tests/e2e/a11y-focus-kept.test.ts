import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn as signedInAs, submitFromKeyboard } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// Where the keyboard focus stays (docs/decisions/0315): after a post back to its own page, with
// the control that had it (not after a navigation to another page); Escape closes the account
// menu and gives the focus back to its toggle.
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

describe('a post that stays on its page, with JavaScript', () => {
  // The forms without a focus of their own (docs/decisions/0315, point 1): <main> was inert for a
  // moment after each post (the new location is committed before React shows it), which dropped
  // the focus; the page's own <main> now takes input throughout (ADR 0382): it stays.
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
    // The new page's heading has it instead (docs/decisions/0324).
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Order 10002' });
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
