import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { launchChromium, reactHandles } from '../support/browser';
import { signedIn } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// "Add to my cart" of an order, double-clicked with JavaScript (docs/decisions/0328). The second
// click of a React Router form cancels the first request in the browser only: the gateway and
// the platform carried both, and the order's items went into the cart twice. The buttons are
// disabled while the request is on its way, and the form's key makes a second request a replay.
const ORDER = 'ord-fresh-demo-3';
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** The cart as the server has it, read with the page's cookies. */
async function serverCart(page: Page): Promise<string[]> {
  const body = await page.evaluate(
    async (path) => (await fetch(path)).json(),
    bookingPaths.cart('fresh'),
  );
  return Booking.parse(body)
    .items.map((i) => `${i.offeringId}:${i.byCase ? 'case' : 'single'}:${i.quantity}`)
    .sort();
}

/** The order's lines one "Add to my cart" puts into an empty cart (the ones still sold). */
async function onceInto(): Promise<string[]> {
  const { rows } = await shop.platform.db.query<{ line: string }>(
    `select l.offering_id || ':' || case when l.by_case then 'case' else 'single' end || ':' ||
            least(sum(l.quantity), 9999)::text as line
       from order_lines l join offerings o on o.id = l.offering_id and o.available
      where l.order_id = $1 group by l.offering_id, l.by_case`,
    [ORDER],
  );
  return rows.map((row) => row.line).sort();
}

describe('"Add to my cart" of an order, with JavaScript', () => {
  it('adds the order once when double-clicked', async () => {
    const expected = await onceInto();
    expect(expected.length).toBeGreaterThan(0);
    const { context, page } = await signedIn(browser, shop.url);
    await shop.platform.db.query('delete from cart_items');
    await page.goto(`${shop.url}/orders/${ORDER}`);
    await reactHandles(page, 'form.reorder-buttons');

    const button = page.getByRole('button', { name: 'Add to my cart' });
    // A second click once the first request has left (force: a disabled button takes no click).
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(ORDER));
    await button.click();
    await sent;
    await button.click({ force: true, timeout: 5_000 }).catch(() => {});
    await page.waitForURL(`${shop.url}/checkout?reordered=added`);
    await expect.poll(() => serverCart(page)).toEqual(expected);
    // Whatever was still on its way has arrived by now.
    await page.waitForLoadState('networkidle');
    expect(await serverCart(page)).toEqual(expected);
    await context.close();
  });

  it('disables both buttons while the request is on its way', async () => {
    const { context, page } = await signedIn(browser, shop.url);
    await page.goto(`${shop.url}/orders/${ORDER}`);
    await reactHandles(page, 'form.reorder-buttons');
    // The post waits here until the buttons were looked at.
    let release!: () => void;
    const looked = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/orders/${ORDER}*`, async (route) => {
      if (route.request().method() === 'POST') await looked;
      await route.continue().catch(() => {}); // a request the page gave up on
    });
    await page.getByRole('button', { name: 'Add to my cart' }).click();
    for (const name of ['Add to my cart', 'Replace my cart'])
      await expect.poll(() => page.getByRole('button', { name }).isDisabled()).toBe(true);
    release();
    await page.waitForURL(`${shop.url}/checkout?reordered=added`);
    await context.close();
  });
});
