import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { launchChromium } from '../support/browser';
import { focused } from '../support/focus';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { startShop, type TestShop } from '../support/shop';
import { buyableOfferings } from '../integration/client-checkout-support';

// A guest fills the guest checkout's form, signs in in another tab, then presses "Place order"
// (with JavaScript: the form's post is React Router's): nothing is placed as a guest, and the
// checkout it lands on says why, its notice taking the focus. Without JavaScript:
// tests/integration/client-guest-checkout-signed-in.test.ts.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('a guest checkout form sent after signing in in another tab', () => {
  it('places nothing and says so at the checkout, where the focus is', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const [offering] = await buyableOfferings(shop, 1);
    await page.goto(`${shop.url}/`);
    await page.evaluate(
      async ({ path, offeringId }) => {
        const headers = { 'content-type': 'application/json', 'x-csrf': '1' };
        await fetch('/auth/guest', { method: 'POST', headers: { 'x-csrf': '1' } });
        const body = JSON.stringify({ offeringId, quantity: 1, byCase: false });
        const put = await fetch(path, { method: 'PUT', headers, body });
        if (!put.ok) throw new Error(`cart ${put.status}`);
      },
      { path: bookingPaths.item('fresh'), offeringId: offering!.id },
    );
    await page.goto(`${shop.url}/checkout/guest`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForLoadState('networkidle');
    const email = `gus-${Date.now()}@example.com`;
    await fillGuestOrderForm(page, { email, expiryYear: '2099' });

    const other = await context.newPage();
    await other.goto(`${shop.url}/`);
    const status = await other.evaluate(async () => {
      const response = await fetch('/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
      });
      return response.status;
    });
    expect(status).toBe(200);

    await page.bringToFront();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(`${shop.url}/checkout?signedIn=order`);
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'You’re signed in now: check your order and place it here.' });
    await notice.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('notice'));
    expect((await focused(page))?.text).toContain('Nothing was ordered as a guest.');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const { rows } = await shop.platform.db.query('select id from orders where guest_email = $1', [
      email,
    ]);
    expect(rows).toEqual([]);
    await context.close();
  });
});
