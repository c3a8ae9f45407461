import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { focused } from '../support/focus';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Without JavaScript at 375 px (docs/decisions/0377): a link that opens something in place is a
// new document, which began at its top with the focus nowhere. "Change" on the fourth address
// opened its form some 950 px down, out of sight; "Cancel order…" asked its question 1,250 px
// down. Now what opened starts with the focus, in sight, as with JavaScript (ADR 0350): the
// form's first field, the question's "No, keep it"; and "No, keep it" leads back to the link that
// asked (ADR 0390).
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function signedInWithoutScript(): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await signInDemo(page, shop.url);
  return page;
}

/** Whether the focused element is within the first screen the document shows. */
const inSight = (page: Page) =>
  page.locator('*:focus').evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('without JavaScript, what a link opens in place', () => {
  it('"Change" on an address: its form’s first field, in sight', async () => {
    const page = await signedInWithoutScript();
    await page.goto(`${shop.url}/profile/delivery-address`);
    // Two more addresses, so that the one changed is far down the page.
    for (const line1 of ['1 Low Road', '2 Low Road']) {
      await page.getByText('Add a new address').click();
      await page.getByRole('textbox', { name: "Recipient's name" }).last().fill('Sam Shopper');
      await page.getByRole('textbox', { name: 'Address', exact: true }).last().fill(line1);
      await page.getByRole('textbox', { name: 'Postcode' }).last().fill('D04 C932');
      await page.getByRole('textbox', { name: 'Town or city' }).last().fill('Dublin');
      await page.getByRole('button', { name: 'Save address' }).last().click();
      await page.waitForURL(/done=address-added/);
    }
    await page.getByRole('link', { name: 'Change Sam Shopper, 2 Low Road' }).click();
    await page.waitForURL(/edit=/);
    expect(await focused(page)).toMatchObject({ tag: 'input', name: 'name' });
    expect(await inSight(page)).toBe(true);
    expect(await page.locator('*:focus').inputValue()).toBe('Sam Shopper');

    // A refusal of that form: the field in error has the focus, not the first one.
    await page.getByRole('textbox', { name: 'Postcode' }).fill('nonsense');
    await page.getByRole('button', { name: 'Save address' }).first().click();
    await page.waitForLoadState();
    expect(await focused(page)).toMatchObject({ tag: 'input', name: 'postcode', invalid: 'true' });
    await page.context().close();
  });

  it('"Cancel order…": the question’s "No, keep it", in sight', async () => {
    const page = await signedInWithoutScript();
    await page.goto(`${shop.url}/orders/ord-fresh-demo-3`);
    await page.getByRole('link', { name: 'Cancel order…' }).click();
    await page.waitForURL(/confirm=cancel/);
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'No, keep it' });
    expect(await inSight(page)).toBe(true);
    // Kept: the page starts on the link that asked, where the shopper was (ADR 0390).
    await page.getByRole('link', { name: 'No, keep it' }).click();
    await page.waitForURL(/kept=cancel/);
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Cancel order…' });
    expect(await inSight(page)).toBe(true);
    await page.context().close();
  });

  it('"Delete list…" and a smart cart’s "Delete…": "No, keep it"', async () => {
    const page = await signedInWithoutScript();
    await page.goto(`${shop.url}/shopping-lists?list=list-fresh-demo-weekly`);
    await page.getByRole('link', { name: 'Delete list…' }).click();
    await page.waitForURL(/confirm=delete/);
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'No, keep it' });
    expect(await inSight(page)).toBe(true);
    // Kept: the page starts on the link that asked (ADR 0390).
    await page.getByRole('link', { name: 'No, keep it' }).click();
    await page.waitForURL(/kept=delete/);
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Delete list…' });
    expect(await inSight(page)).toBe(true);

    await page.goto(`${shop.url}/smart-carts`);
    await page.getByRole('link', { name: 'Delete Breakfast basics…' }).click();
    await page.waitForURL(/confirm=delete/);
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'No, keep it' });
    expect(await inSight(page)).toBe(true);
    await page.getByRole('link', { name: 'No, keep it' }).click();
    await page.waitForURL(/kept=delete/);
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Delete…' });
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe(
      'Delete Breakfast basics…',
    );
    expect(await inSight(page)).toBe(true);
    await page.context().close();
  });
});
