import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { signedIn } from '../support/focus';
import { fillGuestOrderForm } from '../support/guest-order-form';
import { startShop, type TestShop } from '../support/shop';

// A delivery address a grocer can deliver to (ADR 0340), in Chromium with and without
// JavaScript: the country is a choice among the shop's (Fresh Market: Ireland), and a postcode
// of no Eircode shape ("!!") is refused beside its field, naming the shape, the typed value kept,
// in the guest checkout and the profile's address form. Before, "!!" was ordered to and saved.
let shop: TestShop;
let browser: Browser;
let offeringId: string;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 1",
  );
  offeringId = rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const SHAPE = 'Enter an Eircode, like D02 X285';

/** A guest's browser with a product in the cart (put with JavaScript, as the shop's buttons do). */
async function guestWithCart(
  javaScript: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
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
  const context = await browser.newContext({ javaScriptEnabled: javaScript, storageState });
  return { context, page: await context.newPage() };
}

/** The field's message (its aria-describedby) once the answer shows it. */
async function messageOf(page: Page, field: ReturnType<Page['getByRole']>) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const id = (await field.getAttribute('aria-describedby'))!.split(' ').at(-1)!;
  return page.locator(`[id="${id}"]`).textContent();
}

describe.each([
  { javaScript: true, how: 'with JavaScript' },
  { javaScript: false, how: 'without JavaScript' },
])('a postcode of no shape, $how', ({ javaScript }) => {
  it('guest checkout: refused beside the postcode, naming the shape, as typed', async () => {
    const { context, page } = await guestWithCart(javaScript);
    await page.goto(`${shop.url}/checkout/guest`);
    if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
    const country = page.getByRole('combobox', { name: 'Country' });
    // The shop's one delivery country, chosen: no free text.
    expect(await country.locator('option').allTextContents()).toEqual(['Ireland']);
    expect(await country.inputValue()).toBe('IE');
    await fillGuestOrderForm(page, {
      email: `shape-${javaScript}@example.com`,
      expiryYear: '2099',
    });
    const postcode = page.getByRole('textbox', { name: 'Postcode' });
    await postcode.fill('!!');
    if (javaScript) await reactHandles(page, '#guest-order');
    await page.getByRole('button', { name: 'Place order' }).click();

    expect(await messageOf(page, postcode)).toBe(SHAPE);
    expect(await postcode.inputValue()).toBe('!!');
    expect(await page.getByRole('textbox', { name: "Recipient's name" }).inputValue()).toBe(
      'Grace Guest',
    );
    expect(page.url()).not.toContain('placed=');
    await context.close();
  });

  it('profile: the new address refused beside the postcode; typed again, it is kept normalised', async () => {
    const { context, page } = await signedIn(browser, shop.url, javaScript);
    await page.goto(`${shop.url}/profile/delivery-address`);
    if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('summary', { hasText: 'Add a new address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    const line1 = `${javaScript ? 1 : 2} Shape Lane`;
    await form.getByLabel("Recipient's name").fill('Sam Shape');
    await form.getByLabel('Address', { exact: true }).fill(line1);
    await form.getByLabel('Postcode').fill('!!');
    await form.getByLabel('Town or city').fill('Wicklow');
    expect(await form.getByLabel('Country').inputValue()).toBe('IE');
    if (javaScript) await reactHandles(page, 'form[aria-label="New address"]');
    await form.getByRole('button', { name: 'Save address' }).click();

    const answered = page.getByRole('form', { name: 'New address' });
    const postcode = answered.getByRole('textbox', { name: 'Postcode' });
    expect(await messageOf(page, postcode)).toBe(SHAPE);
    expect(await postcode.inputValue()).toBe('!!');
    expect(await answered.getByLabel('Address', { exact: true }).inputValue()).toBe(line1);

    await postcode.fill('k78x1y2');
    await answered.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('status').filter({ hasText: 'The address is added.' }).waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Your delivery addresses' }).textContent())
      .toContain(`${line1}, K78 X1Y2 Wicklow, Ireland`);
    await context.close();
  });
});
