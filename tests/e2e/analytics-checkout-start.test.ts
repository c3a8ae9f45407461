import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { startShop, type TestShop } from '../support/shop';

// begin_checkout counts a checkout start once per visit of the checkout page (ADR 0267): not again
// after each refused order form, nor after each slot chosen, though both load the page's data
// anew (a new order key each time). Watched as the browser sends it, with consent given.
let shop: TestShop;
let browser: Browser;
let offeringId: string;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ COOKIE_SECURE: 'false' }), launchChromium()]);
  const { rows } = await shop.platform.db.query<{ id: string }>(
    `select id from offerings where tenant_id = 'fresh' and available order by id limit 1`,
  );
  offeringId = rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** The names of the events the page sends, as it sends them. */
function sentEvents(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/analytics/events') return;
    const body = JSON.parse(request.postData() ?? '{}') as { events?: { name: string }[] };
    for (const event of body.events ?? []) names.push(event.name);
  });
  return names;
}

/** A session (a guest's, or the demo shopper's) with one item in its cart, as the shop makes it. */
async function cartOf(page: Page, who: 'guest' | 'shopper'): Promise<void> {
  await page.goto(`${shop.url}/`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.evaluate(
    async ({ id, who }) => {
      const session = await fetch(who === 'guest' ? '/auth/guest' : '/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: who === 'guest' ? '{}' : '{"email":"shopper@example.com","password":"demo1234"}',
      });
      if (!session.ok) throw new Error(`${who} ${session.status}`);
      const put = await fetch('/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ offeringId: id, quantity: 1, byCase: false }),
      });
      if (!put.ok) throw new Error(`cart ${put.status}`);
    },
    { id: offeringId, who },
  );
}

/** Another bookable slot chosen: the page's data (quote, order key) loads again. */
async function chooseAnotherSlot(page: Page): Promise<void> {
  await page
    .locator('.slot-day:visible input[name="slotId"]:not([disabled]):not(:checked)')
    .first()
    .check();
  await page.waitForURL(/slotId=/);
  await page.waitForLoadState('networkidle');
  // The page's events, if any, are sent a moment after its render (one beacon per moment).
  await page.waitForTimeout(1_000);
}

async function consentingPage(): Promise<{
  page: Page;
  sent: string[];
  close: () => Promise<void>;
}> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { hostname } = new URL(shop.url);
  await context.addCookies([
    { name: 'consent', value: 'analytics:1', domain: hostname, path: '/' },
  ]);
  const page = await context.newPage();
  return { page, sent: sentEvents(page), close: () => context.close() };
}

const starts = (sent: string[]) => sent.filter((name) => name === 'begin_checkout');

/** The order form with a card that expired: the gateway refuses it (400), the form comes back. */
async function postRefusedOrder(page: Page): Promise<void> {
  await fillGuestOrderForm(page, { email: 'start@example.com', expiryYear: '2001' });
  const refused = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.includes('checkout'),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  expect((await refused).status()).toBe(400);
}

describe('begin_checkout in Chromium, after consent', () => {
  it('counts a guest checkout once per visit: not per refused post nor per slot chosen', async () => {
    const { page, sent, close } = await consentingPage();
    await cartOf(page, 'guest');
    await page.goto(`${shop.url}/checkout/guest`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => starts(sent).length).toBe(1);

    await reactHandles(page, 'input[name="slotId"]');
    await postRefusedOrder(page);
    await postRefusedOrder(page);
    await chooseAnotherSlot(page);
    expect(starts(sent)).toEqual(['begin_checkout']);

    // Another visit of the page is another checkout start.
    await page.goto(`${shop.url}/checkout/guest`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => starts(sent).length).toBe(2);
    await close();
  });

  it('counts a signed-in checkout once per visit too, whatever slot is chosen', async () => {
    const { page, sent, close } = await consentingPage();
    await cartOf(page, 'shopper');
    await page.goto(`${shop.url}/checkout`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect.poll(() => starts(sent).length).toBe(1);
    await reactHandles(page, 'input[name="slotId"]');
    await chooseAnotherSlot(page);
    expect(starts(sent)).toEqual(['begin_checkout']);
    await close();
  });
});
