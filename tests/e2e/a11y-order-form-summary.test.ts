import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn, submitFromKeyboard } from '../support/focus';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { startShop, type TestShop } from '../support/shop';

// A long order form refused for its fields, in Chromium with and without JavaScript
// (docs/decisions/0356): its top says "There is a problem" and lists each field's message as a
// link to the field, the focus on it; a link's Enter takes the focus to its field, the messages
// kept. Before, the form said "Please check the choices marked above." beside its button, naming
// none (the guest's were text fields), and the focus went to the first field in error. The smart
// cart's order steps are <h3>s under "Order this smart cart", their slot group "Day and time":
// they were <h2>s inside an <h2>'s section, and "Delivery slot" was said three times.
let shop: TestShop;
let browser: Browser;
let offeringId: string;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<{ id: string }>(
    `select id from offerings where tenant_id = 'fresh' and available order by id limit 1`,
  );
  offeringId = rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A guest with one item in the cart, on the guest checkout (with JavaScript or without). */
async function guestCheckout(javaScriptEnabled: boolean): Promise<[BrowserContext, Page]> {
  const setup = await browser.newContext();
  const start = await setup.newPage();
  await start.goto(`${shop.url}/`);
  await start.evaluate(async (id) => {
    const guest = await fetch('/auth/guest', { method: 'POST', headers: { 'x-csrf': '1' } });
    if (!guest.ok) throw new Error(`guest ${guest.status}`);
    const put = await fetch('/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh/item', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ offeringId: id, quantity: 1, byCase: false }),
    });
    if (!put.ok) throw new Error(`cart ${put.status}`);
  }, offeringId);
  const storageState = await setup.storageState();
  await setup.close();
  const context = await browser.newContext({ javaScriptEnabled, storageState });
  const page = await context.newPage();
  await page.goto(`${shop.url}/checkout/guest`);
  if (javaScriptEnabled) await reactHandles(page, 'form#guest-order');
  return [context, page];
}

const summary = (page: Page) => page.getByRole('alert', { name: 'There is a problem' });

/** Presses a link of the summary from the keyboard; gives what has the focus then. */
async function followSummaryLink(page: Page, name: string) {
  const link = summary(page).getByRole('link', { name });
  await link.focus();
  await link.press('Enter');
  await expect.poll(async () => (await focused(page))?.tag).not.toBe('a');
  return focused(page);
}

describe.each([true, false])('the guest checkout refused (JavaScript: %s)', (javaScript) => {
  it('starts on a summary naming each field in error; its links lead to the fields', async () => {
    const [context, page] = await guestCheckout(javaScript);
    // A postcode of no shape and a card that expired: two text fields the server refuses.
    await fillGuestOrderForm(page, { email: 'summary@example.com', expiryYear: '2001' });
    await page.getByRole('textbox', { name: 'Postcode' }).fill('!!');
    await submitFromKeyboard(page, page.getByRole('button', { name: 'Place order' }));

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'div',
        role: 'alert',
        text: expect.stringMatching(/^There is a problem/),
      });
    const links = await summary(page).getByRole('link').all();
    expect(await Promise.all(links.map((link) => link.textContent()))).toEqual([
      'Enter an Eircode, like D02 X285',
      'This card has expired',
    ]);
    // At the form's top, above its first field; the vague line is gone.
    const [summaryTop, emailTop] = await Promise.all([
      summary(page).evaluate((el) => el.getBoundingClientRect().top + scrollY),
      page
        .getByRole('textbox', { name: 'E-mail address' })
        .evaluate((el) => el.getBoundingClientRect().top + scrollY),
    ]);
    expect(summaryTop).toBeLessThan(emailTop);
    expect(await page.getByText('Please check the choices marked above.').count()).toBe(0);

    expect(await followSummaryLink(page, 'This card has expired')).toMatchObject({
      tag: 'input',
      name: 'expiryYear',
      invalid: 'true',
      description: 'This card has expired',
    });
    // The messages stay: beside the fields and in the summary.
    expect(await summary(page).count()).toBe(1);
    expect(await page.locator('#guest-order-postcode-error').textContent()).toBe(
      'Enter an Eircode, like D02 X285',
    );
    await context.close();
  });
});

describe('a smart cart’s order form', () => {
  it('has its steps under its heading, names its slot group apart from its heading, and sums up a refusal', async () => {
    const { context, page } = await signedIn(browser, shop.url);
    await page.goto(`${shop.url}/smart-carts/sc-fresh-demo-breakfast`);
    await reactHandles(page, 'form#checkout-order');
    const order = page.getByRole('region', { name: 'Order this smart cart' });
    expect(
      await order
        .getByRole('heading')
        .evaluateAll((headings) => headings.map((h) => `${h.tagName} ${h.textContent}`)),
    ).toEqual([
      'H2 Order this smart cart',
      'H3 Delivery address',
      'H3 Delivery slot',
      'H3 Payment',
    ]);
    const slotStep = order.getByRole('region', { name: 'Delivery slot' });
    expect(await slotStep.getByRole('group', { name: 'Day and time' }).count()).toBe(1);
    expect((await slotStep.ariaSnapshot()).match(/Delivery slot/g)).toHaveLength(2);

    // No slot chosen (as if none had been left): the order form is refused for it.
    await page
      .locator('input[name="slotId"]')
      .evaluateAll((radios) => radios.forEach((r) => ((r as HTMLInputElement).checked = false)));
    await submitFromKeyboard(page, page.getByRole('button', { name: 'Order this smart cart' }));
    await expect.poll(() => focused(page)).toMatchObject({ role: 'alert' });
    expect(await summary(page).getByRole('heading', { level: 3 }).count()).toBe(1);
    // The link leads to the group of radios (described by its message): Tab goes into it.
    await followSummaryLink(page, 'Choose a delivery slot');
    expect(
      await page.locator('*:focus').evaluate((el) => [el.id, el.getAttribute('aria-describedby')]),
    ).toEqual(['slotId-choices', 'slotId-error']);
    await context.close();
  });
});
