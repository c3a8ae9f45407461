import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { offerings } from '../support/demo-shopper-data';
import { focused } from '../support/focus';
import { layoutFaults } from '../support/layout-faults';
import { signInDemo } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// The shopping lists' forms as a shopper on a phone uses them (docs/decisions/0366): the panel a
// product's "Add to list" opens had the browser's own fields (13 px type in a box 21 px tall, under
// the 24 px a target needs), and a new list made with JavaScript left its name in the "New list"
// field beside "Your new list is ready.", where a second Enter made the same list again.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function signedInPhone(): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await signInDemo(page, shop.url);
  return page;
}

describe('the shopping lists’ forms on a phone', () => {
  it('"Add to list": the panel’s fields are as every form’s, none under 24 px', async () => {
    const page = await signedInPhone();
    const [product] = await offerings(shop.platform, 1);
    await page.goto(`${shop.url}/shopping-lists?add=${product!.id}&back=%2Fsearch%2Fmilk`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const faults = await layoutFaults(page, '.add-to-list-panel');
    expect(faults.smallTargets).toEqual([]);
    const look = (selector: string) =>
      page.locator(selector).evaluate((field) => {
        const style = getComputedStyle(field);
        return { size: style.fontSize, height: Math.round(field.getBoundingClientRect().height) };
      });
    const newList = await look('#new-list-name');
    expect(await look('#add-new-list-name')).toEqual(newList);
    expect(await look('#add-quantity')).toEqual(newList);
    await page.context().close();
  });

  it('a list made with JavaScript empties the "New list" field, the focus still in it', async () => {
    const page = await signedInPhone();
    await page.goto(`${shop.url}/shopping-lists`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, 'form.list-create');
    const field = page.getByLabel('New list');
    await field.fill('Barbecue');
    await field.press('Enter');
    await page.getByText('Your new list is ready.').waitFor();
    await expect.poll(() => field.inputValue()).toBe('');
    expect((await focused(page))?.name).toBe('name');
    // Enter again asks for a name (the field is required) rather than making "Barbecue" twice.
    await field.press('Enter');
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    await expect
      .poll(() => page.locator('.lists-nav .list-rows li', { hasText: 'Barbecue' }).count())
      .toBe(1);
    await page.context().close();
  });
});
