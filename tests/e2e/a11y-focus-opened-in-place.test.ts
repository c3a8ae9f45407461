import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// A keyboard shopper, in Chromium with JavaScript, pressing a link that gives way on its own page
// (docs/decisions/0350): a page number that becomes the current page, "Change" that opens an
// address's form in place, "Cancel order…", "Delete list…" and a smart cart's "Delete…" (ADR
// 0370) that ask their question. Before,
// each left the focus on <body>: the next Tab started at the skip link, a screen reader said
// nothing of where one was, and the form or question asked for was a page's Tabs away. Closed
// again ("Cancel", "No, keep it"), each gave the focus to the heading; now to its opener
// (docs/decisions/0356).
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Presses `name`'s link from the keyboard and waits for the address it leads to. */
async function pressLink(page: Page, name: string, url: RegExp) {
  const link = page.getByRole('link', { name, exact: true });
  await link.focus();
  expect((await focused(page))?.tag).toBe('a');
  await link.press('Enter');
  await page.waitForURL(url);
}

async function ready(page: Page, path: string, island: string) {
  await page.goto(`${shop.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await reactHandles(page, island);
}

describe('a link that gives way on its own page', () => {
  it('a page number: the page’s heading takes the focus', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await ready(page, '/search?category=pantry', '.pagination a');
    await pressLink(page, 'Page 2', /page=2/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Pantry' });
    await context.close();
  });

  it('"Change" on an address: its form’s first field; "Cancel": "Change" again', async () => {
    const { context, page } = await signedIn(browser, shop.url);
    await ready(page, '/profile/delivery-address', '.saved-actions a');
    await pressLink(page, 'Change Sam Shopper, Grand Canal Dock Offices', /edit=/);
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'input', name: 'name', invalid: null });
    expect(
      await page
        .locator('*:focus')
        .evaluate((el) => el.closest('form')?.getAttribute('aria-label')),
    ).toBe('Change the address Sam Shopper');

    // The way back gives the focus to the link that opened the form (ADR 0356), not the heading.
    await pressLink(page, 'Cancel', /delivery-address$/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'Change' });
    expect(await page.locator('*:focus').getAttribute('aria-label')).toBe(
      'Change Sam Shopper, Grand Canal Dock Offices',
    );
    await context.close();
  });

  it('"Cancel order…" and "Delete list…": the question’s "No, keep it", then back', async () => {
    const { context, page } = await signedIn(browser, shop.url);
    await ready(page, '/orders/ord-fresh-demo-3', '.order-panel a.danger');
    await pressLink(page, 'Cancel order…', /confirm=cancel/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'No, keep it' });
    // In the question, which a screen reader names as the focus enters it.
    expect(
      await page
        .locator('*:focus')
        .evaluate((el) => el.closest('[role="alertdialog"]')?.textContent ?? ''),
    ).toContain('Cancel this order? This cannot be undone.');
    // "No, keep it" gives the focus back to the link that asked (ADR 0356).
    await pressLink(page, 'No, keep it', /ord-fresh-demo-3\?kept=cancel$/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'Cancel order…' });

    await ready(page, '/shopping-lists?list=list-fresh-demo-weekly', '.list-detail a.danger');
    await pressLink(page, 'Delete list…', /confirm=delete/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'No, keep it' });
    await pressLink(page, 'No, keep it', /list=list-fresh-demo-weekly&kept=delete$/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'Delete list…' });
    await context.close();
  });

  it('a smart cart’s "Delete…" asks as a list does: "No, keep it", then back', async () => {
    const { context, page } = await signedIn(browser, shop.url);
    await ready(page, '/smart-carts', '.smart-cart-row a.link-button');
    await pressLink(
      page,
      'Delete Breakfast basics…',
      /cart=sc-fresh-demo-breakfast&confirm=delete/,
    );
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'No, keep it' });
    expect(
      await page
        .locator('*:focus')
        .evaluate((el) => el.closest('[role="alertdialog"]')?.textContent ?? ''),
    ).toContain('Delete “Breakfast basics”? This cannot be undone.');
    await pressLink(page, 'No, keep it', /smart-carts\?cart=[^&]+&kept=delete$/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'Delete…' });
    await context.close();
  });
});
