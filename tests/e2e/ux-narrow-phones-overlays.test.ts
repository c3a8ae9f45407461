import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { layoutFaults } from '../support/layout-faults';
import { fillDemoShopper, fillGuestCart } from '../support/phone-shop';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { NARROW_PHONES } from '../support/viewports';

// What the header opens on a 360 px and a 320 px phone (ADR 0318): the cart panel, the sign-in
// dialog and the account menu fit the screen and nothing in them is cut off. They live in the
// header's one-line action row, whose `nowrap` they inherited: the panel's lines and the dialog's
// form ran past their right edge, and the menu, hung from the "Account" button, past the left one.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  await fillDemoShopper(shop); // a cart of long names: the header's cart button at its widest
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** The faults of the one open dialog or menu (the screens under them: ux-narrow-phones.test.ts). */
async function openFaults(page: Page) {
  const open = 'dialog[open], details[open] > .profile-links';
  expect(await page.locator(open).count()).toBe(1);
  return layoutFaults(page, `:is(${open})`);
}
/** WCAG contrast of each element's text against the first opaque background under it. */
function contrasts(elements: Element[]): number[] {
  const rgb = (css: string) => css.match(/[\d.]+/g)!.map(Number);
  const luminance = (css: string) => {
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const [r, g, b] = rgb(css).map((c) => lin(c / 255));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  return elements.map((el) => {
    let back: Element | null = el;
    while (back && (rgb(getComputedStyle(back).backgroundColor)[3] ?? 1) === 0)
      back = back.parentElement;
    const text = luminance(getComputedStyle(el).color);
    const ground = luminance(getComputedStyle(back!).backgroundColor);
    return (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05);
  });
}
const none = { wide: [], tables: [], brokenWords: [], spills: [], offScreen: [], smallTargets: [] };

describe.each(Object.entries(NARROW_PHONES))('the header on a %s phone', (_size, viewport) => {
  it("a guest's cart panel and the sign-in dialog fit, their content uncut", async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    await fillGuestCart(page, shop);
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, '.cart-button');
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('dialog', { name: 'Your cart' }).locator('.cart-line').first().waitFor();
    expect(await openFaults(page)).toEqual(none);
    await page.keyboard.press('Escape');

    await reactHandles(page, '.sign-in-button');
    await page.getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    expect(await openFaults(page)).toEqual(none);
    // Its links were white on white, the header's link colour (axe left them "to review").
    const ratios = await dialog.getByRole('link').evaluateAll(contrasts);
    expect(ratios).toHaveLength(2);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });

  it('the account menu opens inside the screen, a long e-mail address wraps in it', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const menu = async () => {
      await page.goto(`${shop.url}/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.locator('.profile-menu summary').click();
      return openFaults(page);
    };
    await signInDemo(page, shop.url);
    expect(await menu()).toEqual(none);

    // The menu names the e-mail address when the account's login is another name.
    const email = 'alexandra.featherstonehaugh-montgomery@harbour-grocers-example.co.uk';
    const account = `update accounts set login = $1, email = $2 where id = 'acc-fresh-demo'`;
    await shop.platform.db.query(account, ['Alexandra', email]);
    try {
      await context.clearCookies();
      await page.goto(`${shop.url}/social-login?returnTo=%2Forders`);
      await page.getByLabel('E-mail').first().fill(email);
      await page.getByLabel('Password').first().fill('demo1234');
      await page.getByRole('button', { name: 'Sign in' }).first().click();
      await page.waitForURL(`${shop.url}/orders`);
      const faults = await menu();
      expect(await page.locator('.profile-email').textContent()).toBe(email);
      expect(faults).toEqual(none);
    } finally {
      await shop.platform.db.query(account, ['shopper@example.com', 'shopper@example.com']);
    }
    await context.close();
  });
});
