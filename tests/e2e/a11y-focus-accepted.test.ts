import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { launchChromium, reactHandles } from '../support/browser';
import { focused, signedIn as signedInAs, submitFromKeyboard } from '../support/focus';
import { startShop, type TestShop } from '../support/shop';

// Where the keyboard focus goes after a post that went through (docs/decisions/0315, point 2):
// on the notice that says so (a live region, focusable outside the tab order). The forms below
// disable their submit button while they post, and the browser drops the focus from a disabled
// button: without the notice taking it, the focus was on <body>, the page's start. "Place order"
// leads to another page, the order's, whose notice takes it too.
let shop: TestShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

type ProfileForm = {
  what: string;
  path: string;
  /** Opens the form (a <details>, or the "Change" link), fills it in; gives the form's selector. */
  fill(page: Page, run: string): Promise<string>;
  button: string;
  notice: string;
};

const FORMS: ProfileForm[] = [
  {
    what: 'profile details',
    path: '/profile/info',
    fill: async (page, run) => {
      await page.locator('form.profile-panel').getByLabel('Phone').fill(`+353 1 555 ${run}`);
      return 'form.profile-panel';
    },
    button: 'Save my details',
    notice: 'Your details are saved.',
  },
  {
    what: 'a new address',
    path: '/profile/delivery-address',
    fill: async (page, run) => {
      await page.locator('summary', { hasText: 'Add a new address' }).click();
      const form = page.getByRole('form', { name: 'New address' });
      await form.getByLabel("Recipient's name").fill(`Sam at the cabin ${run}`);
      await form.getByLabel('Address', { exact: true }).fill('1 Lake Road');
      await form.getByLabel('Postcode').fill('K78 X1Y2');
      await form.getByLabel('Town or city').fill('Wicklow');
      await form.getByLabel('Country').selectOption('IE');
      return 'form[aria-label="New address"]';
    },
    button: 'Save address',
    notice: 'The address is added.',
  },
  {
    what: 'a change to an address',
    path: '/profile/delivery-address',
    fill: async (page, run) => {
      await page.getByRole('link', { name: 'Change Sam Shopper, 12 Merrion Square' }).click();
      const form = page.getByRole('form', { name: 'Change the address Sam Shopper' });
      await form.getByLabel('Instructions for the driver').fill(`Ring twice (${run})`);
      return 'form[aria-label="Change the address Sam Shopper"]';
    },
    button: 'Save address',
    notice: 'The address is changed.',
  },
  {
    what: 'a new card',
    path: '/profile/payment-methods',
    fill: async (page, run) => {
      await page.locator('summary', { hasText: 'Add a card' }).click();
      const form = page.locator('details.add-form form');
      // Two valid test numbers (Luhn), one per run: a Mastercard, then a Visa.
      const number = run === '0101' ? '5555 5555 5555 4444' : '4012 8888 8888 1881';
      await form.getByLabel('Card number').fill(number);
      await form.getByLabel('Name on the card').fill('Sam Shopper');
      await form.getByLabel('Expiry month (MM)').fill('03');
      await form.getByLabel('Expiry year (YYYY)').fill('2032');
      return 'details.add-form form';
    },
    button: 'Save card',
    notice: 'The card is added.',
  },
];

describe.each([
  { javaScript: true, how: 'with JavaScript' },
  { javaScript: false, how: 'without JavaScript' },
])('a post that went through, $how', ({ javaScript }) => {
  it.each(FORMS)('$what: the focus is on the notice', async (profileForm) => {
    const { context, page } = await signedInAs(browser, shop.url, javaScript);
    await page.goto(`${shop.url}${profileForm.path}`);
    if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
    const selector = await profileForm.fill(page, javaScript ? '0101' : '0102');
    if (javaScript) await reactHandles(page, selector);
    const form = page.locator(selector);
    await submitFromKeyboard(page, form.getByRole('button', { name: profileForm.button }));
    await page.getByRole('status').filter({ hasText: profileForm.notice }).waitFor();

    expect(page.url()).toContain('?done=');
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'p', role: 'status', text: profileForm.notice });
    if (javaScript) {
      expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);
    }
    await context.close();
  });

  it("Place order: the focus is on the placed order's notice", async () => {
    await productInCart();
    const { context, page } = await signedInAs(browser, shop.url, javaScript);
    await page.goto(`${shop.url}/checkout`);
    if (javaScript) await page.waitForSelector('html[data-hydrated="true"]');
    await submitFromKeyboard(page, page.getByRole('button', { name: 'Place order' }));
    await page.waitForURL(/\/orders\/ord-[0-9a-f]+\?done=placed/);

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'p',
        role: 'status',
        text: expect.stringContaining('order is placed'),
      });
    await context.close();
  });
});

/** One available product in the demo shopper's cart (through the platform), to check out. */
async function productInCart() {
  const { rows } = await shop.platform.db.query<{ id: string }>(
    "select id from offerings where tenant_id = 'fresh' and available order by id limit 1",
  );
  const { access_token: token } = await shop.platform.signIn('fresh');
  const body = { offeringId: rows[0]!.id, quantity: 1, byCase: false };
  const answer = await shop.platform.call(bookingPaths.item('fresh'), {
    method: 'PUT',
    token,
    body,
  });
  expect(answer.ok).toBe(true);
}
