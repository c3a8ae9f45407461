import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { listPaths } from '../../shared/contracts/list-paths';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn, submitFromKeyboard } from '../support/focus';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { startShop, type TestShop } from '../support/shop';

// Where the keyboard focus goes after a post that went through and led to a page, or a new
// screen, with a notice of it (docs/decisions/0315, point 5): on that notice. Without it the focus
// was on <body>, the page's start: the new document's, or the one the layout's guard left (a
// navigation to another path keeps nothing, and a screen that replaced the form took its button).
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
  /** With JavaScript the focus stays on the button (ADR 0315 point 1, or no navigation). */
  withoutJavaScriptOnly?: true;
};

const POSTS: Post[] = [
  {
    what: 'a new shopping list',
    start: async () => '/shopping-lists',
    fill: async (page, run) => {
      await page.getByLabel('New list').fill(`Barbecue ${run}`);
      return 'form.list-create';
    },
    button: 'Create list',
    notice: 'Your new list is ready.',
    withoutJavaScriptOnly: true,
  },
  {
    what: 'a new smart cart',
    start: async () => '/smart-carts',
    fill: async (page, run) => {
      await page.getByLabel('New smart cart').fill(`Weekly ${run}`);
      return 'form.list-create';
    },
    button: 'Create smart cart',
    notice: 'Your smart cart is saved.',
  },
  {
    what: 'the cart saved as a smart cart',
    start: async () => {
      await productInCart();
      return '/cart';
    },
    fill: async (page, run) => {
      await page.locator('main summary', { hasText: 'Save cart as a smart cart' }).click();
      await page.locator('main').getByLabel('Name of the smart cart').fill(`Usual ${run}`);
      return 'main details.save-cart form';
    },
    button: 'Save smart cart',
    notice: 'Your cart is saved as this smart cart.',
  },
  {
    what: '"Add all to cart" of a list',
    start: async (run) => `/shopping-lists?list=${await listWithAnItem(run)}`,
    fill: async () => 'form.fill-buttons',
    button: 'Add all to cart',
    notice: 'added to your cart.',
    withoutJavaScriptOnly: true,
  },
  {
    what: '"Order again" of a past order',
    start: async () => '/orders/ord-fresh-demo-3',
    fill: async () => 'form.reorder-buttons',
    button: 'Add to my cart',
    notice: 'The items of your past order were added to your cart.',
  },
];

describe.each([
  { javaScript: true, how: 'with JavaScript' },
  { javaScript: false, how: 'without JavaScript' },
])('a post that leads to a notice, $how', ({ javaScript }) => {
  const posts = POSTS.filter((post) => !javaScript || !post.withoutJavaScriptOnly);
  it.each(posts)('$what: the focus is on the notice', async (post) => {
    const run = javaScript ? 'js' : 'nojs';
    const path = await post.start(run);
    const { context, page } = await signedIn(browser, shop.url, javaScript);
    await page.goto(`${shop.url}${path}`);
    if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
    const selector = await post.fill(page, run);
    if (javaScript) await reactHandles(page, selector);
    const form = page.locator(selector);
    await submitFromKeyboard(page, form.getByRole('button', { name: post.button }));
    await page.getByRole('status').filter({ hasText: post.notice }).waitFor();

    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'p', role: 'status', text: expect.stringContaining(post.notice) });
    await context.close();
  });

  it("a guest's Place order: the focus is on the placed order's notice", async () => {
    const { context, page } = await guestWithAnItem(javaScript);
    await page.goto(`${shop.url}/checkout/guest`);
    if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
    await fillGuestOrderForm(page, {
      email: `focus-${Date.now()}@example.com`,
      expiryYear: '2099',
    });
    if (javaScript) await reactHandles(page, 'input[name="slotId"]');
    await submitFromKeyboard(page, page.getByRole('button', { name: 'Place order' }));
    await page.waitForURL(/\/checkout\/guest\?placed=/);

    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'p', role: 'status', text: expect.stringContaining('is placed') });

    // The account made from the order: its screen replaces the form and its button too.
    await page.getByLabel('Password').fill('grace-secret-1');
    await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
    if (javaScript) await reactHandles(page, 'input[name="password"]');
    await submitFromKeyboard(page, page.getByRole('button', { name: 'Create account' }));
    await page.getByRole('heading', { level: 1, name: 'Your account is ready' }).waitFor();
    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'p',
        role: 'status',
        text: expect.stringContaining('Your order is in your new account'),
      });
    await context.close();
  });
});

/** One available offering of the demo shop. */
async function anOffering(): Promise<string> {
  const { rows } = await shop.platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 1",
  );
  return rows[0]!.id;
}

async function platformCall(path: string, method: string, body: object): Promise<unknown> {
  const { access_token: token } = await shop.platform.signIn('fresh');
  const answer = await shop.platform.call(path, { method, token, body });
  expect(answer.ok).toBe(true);
  return answer.json();
}

/** One available product in the demo shopper's cart (through the platform). */
async function productInCart() {
  const body = { offeringId: await anOffering(), quantity: 1, byCase: false };
  await platformCall(bookingPaths.item('fresh'), 'PUT', body);
}

/** A new list of the demo shopper's with one available product in it; gives its id. */
async function listWithAnItem(run: string): Promise<string> {
  const list = (await platformCall(listPaths.lists, 'POST', { name: `Fill ${run}` })) as {
    id: string;
  };
  await platformCall(listPaths.items(list.id), 'POST', { offeringId: await anOffering() });
  return list.id;
}

/** A guest's page with one item in its cart (put with JavaScript, as the shop's buttons do). */
async function guestWithAnItem(javaScript: boolean) {
  const setup = await browser.newContext();
  const page = await setup.newPage();
  await page.goto(`${shop.url}/`);
  await page.evaluate(
    async (offeringId) => {
      const headers = { 'content-type': 'application/json', 'x-csrf': '1' };
      const guest = await fetch('/auth/guest', { method: 'POST', headers: { 'x-csrf': '1' } });
      if (!guest.ok) throw new Error(`guest ${guest.status}`);
      const body = JSON.stringify({ offeringId, quantity: 1, byCase: false });
      const item = '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item';
      const put = await fetch(item, { method: 'PUT', headers, body });
      if (!put.ok) throw new Error(`cart ${put.status}`);
    },
    await anOffering(),
  );
  const storageState = await setup.storageState();
  await setup.close();
  const context = await browser.newContext({ javaScriptEnabled: javaScript, storageState });
  return { context, page: await context.newPage() };
}
