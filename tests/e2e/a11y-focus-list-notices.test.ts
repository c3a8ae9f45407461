import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { demoList, demoSmartCart, offerings } from '../support/demo-shopper-data';
import { focused, signedIn, submitFromKeyboard } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// Where the keyboard focus goes after the shopping lists' and smart carts' posts that come back
// with a notice (`?done=`, or `?filled=` after "Put these items in my cart"): on that notice
// (docs/decisions/0315, point 2). Without JavaScript the redirect's document starts on it; with
// JavaScript too when the control is gone (a removed item, a deleted list), but a control still
// there keeps the focus (point 1: the rename form stays open; a fill makes no navigation).
// A new list and a list's "Add all to cart": tests/e2e/a11y-focus-arrival.test.ts.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

type Post = {
  what: string;
  /** Readies what the post needs (through the platform) and gives the page it starts on. */
  start(run: string): Promise<string>;
  /** Fills the form in if it has fields; gives the form's selector. */
  fill(page: Page, run: string): Promise<string>;
  button: string;
  notice: string;
  /** With JavaScript the focus stays on the button, which is still there (ADR 0315 point 1). */
  buttonKeepsIt?: true;
};

const oneLine = async () => [
  { offeringId: (await offerings(shop.platform, 1))[0]!.id, quantity: 1 },
];
const list = async (run: string) => demoList(shop.platform, `Notice ${run}`, await oneLine());
const smartCart = async (name: string) => demoSmartCart(shop.platform, name, await oneLine());

const POSTS: Post[] = [
  {
    what: 'a list renamed',
    start: async (run) => `/shopping-lists?list=${await list(run)}`,
    fill: async (page, run) => {
      await page.locator('details.add-form > summary', { hasText: 'Rename this list' }).click();
      await page.locator('form.list-rename').getByLabel('Name').fill(`Renamed ${run}`);
      return 'form.list-rename';
    },
    button: 'Rename',
    notice: 'The list is renamed.',
    buttonKeepsIt: true,
  },
  {
    what: "a list item's quantity changed",
    start: async (run) => `/shopping-lists?list=${await list(run)}`,
    fill: async (page) => {
      await page.locator('td.line-qty input[name="quantity"]').fill('3');
      return 'td.line-qty form';
    },
    button: 'Update',
    notice: 'The quantity is changed.',
    buttonKeepsIt: true,
  },
  {
    what: 'a list item removed',
    start: async (run) => `/shopping-lists?list=${await list(run)}`,
    fill: async () => 'table.list-items form:has(button[aria-label^="Remove "])',
    button: 'Remove',
    notice: 'The item is removed from the list.',
  },
  {
    what: 'a list deleted',
    start: async (run) => `/shopping-lists?list=${await list(run)}&confirm=delete`,
    fill: async () => 'form.confirm-buttons',
    button: 'Yes, delete the list',
    notice: 'The list is deleted.',
  },
  {
    what: 'a product added to a list',
    start: async () => {
      const [product] = await offerings(shop.platform, 1);
      return `/shopping-lists?add=${product!.id}&back=%2Fsearch%2Fmilk`;
    },
    fill: async () => 'form.add-to-list-form',
    button: 'Add to list',
    notice: 'Added to the list.',
  },
  {
    what: 'a smart cart deleted',
    start: async (run) => `/smart-carts?cart=${await smartCart(`Gone ${run}`)}&confirm=delete`,
    fill: async () => 'li.smart-cart-row form.confirm-buttons',
    button: 'Yes, delete the smart cart',
    notice: 'The smart cart is deleted.',
  },
  {
    what: "a smart cart's items saved",
    start: async (run) => `/smart-carts/${await smartCart(`Items ${run}`)}`,
    fill: async (page) => {
      await page.locator('form.lines-editor #quantity-0').fill('2');
      return 'form.lines-editor';
    },
    button: 'Save changes',
    notice: 'The smart cart’s items are updated.',
    buttonKeepsIt: true,
  },
  {
    what: '"Put these items in my cart"',
    start: async (run) => `/smart-carts/${await smartCart(`Fill ${run}`)}`,
    fill: async () => 'form.fill-buttons',
    button: 'Put these items in my cart',
    notice: 'added to your cart.',
    buttonKeepsIt: true,
  },
];

describe.each([
  { javaScript: true, how: 'with JavaScript' },
  { javaScript: false, how: 'without JavaScript' },
])('a list or smart cart post with a notice, $how', ({ javaScript }) => {
  const posts = POSTS.map((post) => ({
    ...post,
    lands: javaScript && post.buttonKeepsIt ? 'its button' : 'the notice',
  }));
  it.each(posts)('$what: the focus is on $lands', async (post) => {
    const run = javaScript ? 'js' : 'nojs';
    const path = await post.start(run);
    const { context, page } = await signedIn(browser, shop.url, javaScript);
    await page.goto(`${shop.url}${path}`);
    if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
    const selector = await post.fill(page, run);
    if (javaScript) await reactHandles(page, selector);
    const button = page.locator(selector).getByRole('button', { name: post.button });
    await submitFromKeyboard(page, button);
    await page.getByRole('status').filter({ hasText: post.notice }).waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject(
        javaScript && post.buttonKeepsIt
          ? { tag: 'button', text: post.button }
          : { tag: 'p', role: 'status', text: expect.stringContaining(post.notice) },
      );
    await context.close();
  });
});
