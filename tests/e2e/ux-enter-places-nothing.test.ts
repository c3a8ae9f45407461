import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused } from '../support/focus';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Enter in a field, or on a radio, presses its form's first submit button (implicit submission,
// docs/decisions/0383). Without JavaScript that was "Place order" in the guest's checkout and
// "Move my delivery" in an order's slot editor: Enter on a slot chosen with the arrows placed the
// order, or moved it, before the shopper had read the fee; in the e-mail field, at a typo mended,
// it placed the order. With JavaScript Enter on a radio already did nothing (ADR 0377), but in a
// guest's field it still placed the order. Now Enter places and moves nothing.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A guest with a pint of milk at the guest checkout, the order form filled in. */
async function guestCheckout(javaScriptEnabled: boolean, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${shop.url}/search/milk`);
  if (javaScriptEnabled) await page.waitForSelector('html[data-hydrated="true"]');
  await page.locator('.quantity-add:not([disabled])').first().click();
  await expect.poll(() => page.locator('.cart-summary').textContent()).toMatch(/^1 item, /);
  await page.goto(`${shop.url}/checkout/guest`);
  if (javaScriptEnabled) await reactHandles(page, '#guest-order');
  await fillGuestOrderForm(page, { email, expiryYear: '2099' });
  return page;
}

const guestOrders = async (email: string) =>
  (
    await shop.platform.db.query<{ n: number }>(
      'select count(*)::int as n from orders where guest_email = $1',
      [email],
    )
  ).rows[0]!.n;

/** Presses Enter on `target` and waits for the document it leads to (without JavaScript). */
async function enterToDocument(page: Page, target: ReturnType<Page['locator']>) {
  const committed = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await target.press('Enter');
  await committed;
  await page.waitForLoadState();
}

/** A free slot of the day shown, not the chosen one. */
const otherSlot = (page: Page, scope = 'body') =>
  page
    .locator(`${scope} .slot-day:visible input[name="slotId"]:not([disabled]):not(:checked)`)
    .first();

describe('Enter in an order form, without JavaScript', () => {
  it('the guest’s checkout: on a slot or in a field, "Update totals", not "Place order"', async () => {
    const email = `enter-${Date.now()}@example.com`;
    const page = await guestCheckout(false, email);
    const slot = otherSlot(page);
    const slotId = (await slot.getAttribute('value'))!;
    const named = (await slot.getAttribute('aria-label'))!;
    await slot.check();
    await enterToDocument(page, slot);

    expect(await guestOrders(email)).toBe(0);
    expect(new URL(page.url()).searchParams.get('placed')).toBeNull();
    // The page as typed, the slot chosen and its totals; the notice, which has the focus, asks
    // for the card number the page never gets back (ADR 0111).
    expect(await page.locator(`input[value="${slotId}"]`).isChecked()).toBe(true);
    expect(await page.locator('.checkout-summary .totals-slot').textContent()).toBe(
      named.slice(0, named.lastIndexOf(', ')),
    );
    expect(await page.getByRole('textbox', { name: 'E-mail address' }).inputValue()).toBe(email);
    expect(await focused(page)).toMatchObject({
      role: 'status',
      text: 'The totals are updated. Please type the card number again.',
    });

    // In the e-mail field, the form complete: the same.
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await enterToDocument(page, page.getByRole('textbox', { name: 'E-mail address' }));
    expect(await guestOrders(email)).toBe(0);
    expect(new URL(page.url()).searchParams.get('placed')).toBeNull();

    // "Place order" places it, in the slot chosen.
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/placed=ord-/);
    const { rows } = await shop.platform.db.query<{ slot_id: string }>(
      'select slot_id from orders where guest_email = $1',
      [email],
    );
    expect(rows).toEqual([{ slot_id: slotId }]);
    await page.context().close();
  });

  it('an order’s slot editor: Enter on a slot keeps it chosen and moves nothing', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await signInDemo(page, shop.url);
    await page.goto(`${shop.url}/orders/ord-fresh-demo-3`);
    const slotOf = async () =>
      (
        await shop.platform.db.query<{ slot_id: string }>(
          "select slot_id from orders where id = 'ord-fresh-demo-3'",
        )
      ).rows[0]!.slot_id;
    const before = await slotOf();
    await page.getByText('Change the delivery slot').click();
    const slot = otherSlot(page, 'form#change-slot');
    const slotId = (await slot.getAttribute('value'))!;
    await slot.check();
    await enterToDocument(page, slot);

    expect(await slotOf()).toBe(before);
    expect(new URL(page.url()).searchParams.get('done')).toBeNull();
    // Back where it was: the editor open, the slot chosen, with the focus.
    expect(await page.locator('form#change-slot').isVisible()).toBe(true);
    expect(await focused(page)).toMatchObject({ tag: 'input', name: 'slotId' });
    expect(await page.locator('*:focus').getAttribute('value')).toBe(slotId);
    expect(await page.locator('*:focus').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Move my delivery' }).click();
    await page.getByText('Your delivery slot is changed.').waitFor();
    expect(await slotOf()).toBe(slotId);
    await context.close();
  });

  // As it was: the order form's first button is "Update totals" (a GET of the page).
  it('the signed-in checkout: Enter on a slot updates the totals', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await signInDemo(page, shop.url);
    await page.goto(`${shop.url}/search/milk`);
    await page.locator('.quantity-add:not([disabled])').first().click();
    await page.goto(`${shop.url}/checkout`);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    const slot = otherSlot(page);
    const slotId = (await slot.getAttribute('value'))!;
    await slot.check();
    await slot.press('Enter');
    await page.waitForURL(new RegExp(`slotId=${slotId}`));
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await context.close();
  });
});

describe('Enter in the guest’s order form, with JavaScript', () => {
  it('in a field of the complete form: places nothing', async () => {
    const email = `enter-js-${Date.now()}@example.com`;
    const page = await guestCheckout(true, email);
    const slot = otherSlot(page);
    const slotId = (await slot.getAttribute('value'))!;
    // Keys go in order: a slot chosen next is quoted at once (a GET of the page); an Enter that
    // sent the form had posted first.
    const first = page.waitForRequest(
      (request) =>
        request.method() === 'POST' ||
        (request.method() === 'GET' && request.url().includes(`slotId=${slotId}`)),
    );
    await page.getByRole('textbox', { name: 'E-mail address' }).press('Enter');
    // Gone, the page with it, if that Enter placed the order: then the POST came first.
    await slot.check({ timeout: 10_000 }).catch(() => undefined);
    expect((await first).method()).toBe('GET');
    expect(await guestOrders(email)).toBe(0);
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    // The form still goes with its button.
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/placed=ord-/);
    expect(await guestOrders(email)).toBe(1);
    await page.context().close();
  });
});
