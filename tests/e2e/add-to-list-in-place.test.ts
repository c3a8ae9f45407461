import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listPaths,
  type ShoppingList,
  type ShoppingListCollection,
} from '../../shared/contracts/lists';
import { launchChromium, reactHandles } from '../support/browser';
import { demoList } from '../support/demo-shopper-data';
import { focused, signedIn, submitFromKeyboard } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// A product page's "Add to list" in Chromium (docs/decisions/0375). With JavaScript a signed-in
// shopper chooses the list in place: no page load (a mark set on the window survives), the focus
// stays on what they pressed, and the live region says to which list it went, with a link to it.
// Before, the link loaded the lists screen, whose form posted and redirected: as it still does
// without JavaScript, and for a guest (who is asked to sign in on the way).
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const PRODUCT = '/products/fruit-vegetables/green-valley/avocados-4-pack';

/** The demo shopper's lists, each with its items, as the platform holds them. */
async function demoLists(): Promise<ShoppingList[]> {
  const { access_token: token } = await shop.platform.signIn('fresh');
  const read = async <T>(path: string) =>
    (await (await shop.platform.call(path, { token })).json()) as T;
  const { items } = await read<ShoppingListCollection>(listPaths.lists);
  return Promise.all(items.map((list) => read<ShoppingList>(listPaths.list(list.id))));
}

/** What the list of that name holds: offering and quantity per item. */
async function itemsOf(name: string) {
  const list = (await demoLists()).find((each) => each.name === name);
  return list?.items.map((item) => [item.offeringId, item.quantity, item.byCase]) ?? null;
}

async function productPage(page: Page) {
  await page.goto(`${shop.url}${PRODUCT}`);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const offeringId = new URL(
    (await page.locator('.product-summary a.add-to-list').getAttribute('href'))!,
    shop.url,
  ).searchParams.get('add')!;
  return {
    name,
    offeringId,
    link: page.getByRole('link', { name: `Add to list: ${name}`, exact: true }),
  };
}

describe('a product page’s "Add to list"', () => {
  it('with JavaScript: in place, the focus kept, the list named in the live region', async () => {
    const listName = 'Weekly in place';
    const listId = await demoList(shop.platform, listName, []);
    const { context, page } = await signedIn(browser, shop.url);
    const { name, offeringId, link } = await productPage(page);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, '.product-summary a.add-to-list');
    await page.evaluate(() => Object.assign(window, { stayed: true }));

    await link.focus();
    await link.press('Enter');
    // The choice opened in place takes the focus: its checked list (ADR 0350).
    await page.getByRole('heading', { name: `Add “${name}” to a list` }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', name: 'listId' });
    await page.getByRole('radio', { name: listName }).check();
    const button = page.getByRole('button', { name: 'Add to list', exact: true });
    await submitFromKeyboard(page, button);

    const status = page.getByRole('status').filter({ hasText: `Added to “${listName}”` });
    await status.waitFor();
    expect(await status.getByRole('link').getAttribute('href')).toBe(
      `/shopping-lists?list=${listId}`,
    );
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Add to list' });
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(page.url()).toBe(`${shop.url}${PRODUCT}`);
    expect(await itemsOf(listName)).toEqual([[offeringId, 1, false]]);

    // A new list: refused without its name (the focus on the field), then made and checked.
    const newList = 'Picnic in place';
    await page.getByRole('radio', { name: 'A new list' }).check();
    await submitFromKeyboard(page, button);
    await expect
      .poll(() => focused(page))
      .toMatchObject({
        name: 'newName',
        invalid: 'true',
        description: 'Enter a name for the new list',
      });
    await page.getByLabel('Name of the new list').fill(newList);
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await submitFromKeyboard(page, button);
    await page
      .getByRole('status')
      .filter({ hasText: `Added to “${newList}”` })
      .waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Add to list' });
    expect(await page.getByRole('radio', { name: newList }).isChecked()).toBe(true);
    expect(await page.getByLabel('Name of the new list').inputValue()).toBe('');
    expect(await itemsOf(newList)).toEqual([[offeringId, 3, false]]);

    // "Close" gives the focus back to the link that opened the choice (ADR 0356).
    await page.getByRole('button', { name: 'Close' }).press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'Add to list' });
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    await context.close();
  });

  it('without JavaScript: the lists screen, its form post and the redirect, as before', async () => {
    const listName = 'Weekly by post';
    const listId = await demoList(shop.platform, listName, []);
    const { context, page } = await signedIn(browser, shop.url, false);
    const { name, offeringId, link } = await productPage(page);
    await link.click();
    await page.waitForURL(/\/shopping-lists\?add=/);
    await page.getByRole('heading', { name: `Add “${name}” to a list` }).waitFor();
    await page.getByRole('radio', { name: listName }).check();
    await page.getByRole('button', { name: 'Add to list', exact: true }).click();
    await page.waitForURL(new RegExp(`list=${listId}&done=added`));
    await page.getByRole('status').filter({ hasText: 'Added to the list.' }).waitFor();
    expect(await itemsOf(listName)).toEqual([[offeringId, 1, false]]);
    await context.close();
  });

  it('a guest with JavaScript: the link, which asks them to sign in first', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { link } = await productPage(page);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, '.product-summary a.add-to-list');
    await link.click();
    await page.waitForURL(/\/social-login\?returnTo=[^&]*shopping-lists/);
    await context.close();
  });
});
