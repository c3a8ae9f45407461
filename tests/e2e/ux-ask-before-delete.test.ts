import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// An address's or a card's "Delete" deleted at once, asking nothing (ADR 0377's leftovers). Now
// "Delete…" asks first, in place, as a list's does (docs/decisions/0383): the question names what
// goes and, for the default, which one becomes the default; "No, keep it" has the focus and gives
// it back to "Delete…"; "Yes" deletes, and the notice has the focus. With and without JavaScript.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const addressLines = async () =>
  (
    await shop.platform.db.query<{ line1: string }>(
      "select line1 from delivery_addresses where tenant_id = 'fresh' order by created_at",
    )
  ).rows.map((row) => row.line1);
const cardCount = async () =>
  (
    await shop.platform.db.query<{ n: number }>(
      "select count(*)::int as n from payment_methods where tenant_id = 'fresh'",
    )
  ).rows[0]!.n;

/** The text of the question the focus is in. */
const question = (page: Page) =>
  page.locator('*:focus').evaluate((el) => el.closest('[role="alertdialog"]')?.textContent ?? '');

describe('without JavaScript', () => {
  it('an address: asks, keeps it with the focus back, then deletes it', async () => {
    const { context, page } = await signedIn(browser, shop.url, false);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${shop.url}/profile/delivery-address`);
    await page.getByText('Add a new address').click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByRole('textbox', { name: "Recipient's name" }).fill('Sam Shopper');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Walk Lane');
    await form.getByRole('textbox', { name: 'Postcode' }).fill('D04 C932');
    await form.getByRole('textbox', { name: 'Town or city' }).fill('Dublin');
    await form.getByRole('button', { name: 'Save address' }).click();
    await page.waitForURL(/done=address-added/);

    const ask = page.getByRole('link', { name: 'Delete Sam Shopper, 3 Walk Lane…' });
    await ask.click();
    await page.waitForURL(/confirm=delete/);
    expect(await addressLines()).toContain('3 Walk Lane');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'No, keep it' });
    expect(await question(page)).toContain('Delete the address 3 Walk Lane, D04 C932 Dublin?');

    await page.getByRole('link', { name: 'No, keep it' }).click();
    await page.waitForURL((url) => !url.search.includes('confirm'));
    expect(await addressLines()).toContain('3 Walk Lane');
    expect(await page.locator('*:focus').getAttribute('aria-label')).toBe(
      'Delete Sam Shopper, 3 Walk Lane…',
    );

    await ask.click();
    await page.getByRole('button', { name: 'Yes, delete the address' }).click();
    await page.waitForURL(/done=address-deleted/);
    expect(await addressLines()).not.toContain('3 Walk Lane');
    expect(await focused(page)).toMatchObject({ role: 'status', text: 'The address is deleted.' });

    // The default says which address becomes the default: the next one listed.
    await page.getByRole('link', { name: 'Delete Sam Shopper, 12 Merrion Square…' }).click();
    expect(await question(page)).toContain(
      'It is your default address: Grand Canal Dock Offices, 4th floor, D02 P820 Dublin becomes your default.',
    );
    await context.close();
  });
});

describe('with JavaScript, by keyboard', () => {
  it('a card: asks, keeps it with the focus back, then deletes it', async () => {
    const { context, page } = await signedIn(browser, shop.url);
    await page.goto(`${shop.url}/profile/payment-methods`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, '.saved-actions a');
    const ask = page.getByRole('link', { name: 'Delete Visa ending 4242…' });
    await ask.focus();
    await ask.press('Enter');
    await page.waitForURL(/confirm=delete/);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'No, keep it' });
    const asked = await question(page);
    expect(asked).toContain('Delete the card Visa ending 4242, expiring 12/2030?');
    expect(asked).toContain('It is your only card: the checkout will ask you for one.');

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.search.includes('confirm'));
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', text: 'Delete…' });
    expect(await cardCount()).toBe(1);

    await page.keyboard.press('Enter');
    await page.waitForURL(/confirm=delete/);
    const yes = page.getByRole('button', { name: 'Yes, delete the card' });
    await yes.focus();
    await yes.press('Enter');
    await page.waitForURL(/done=card-deleted/);
    await expect
      .poll(() => focused(page))
      .toMatchObject({ role: 'status', text: 'The card is deleted.' });
    expect(await cardCount()).toBe(0);
    await context.close();
  });
});
