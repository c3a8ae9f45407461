import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { reactHandles } from './browser';
import { DEMO } from './platform';
import { VIEWPORTS } from './viewports';

/**
 * The demo shopper's checkout on a phone, with JavaScript, a pint of milk in the cart (in a
 * context of its own): its choices take clicks and keys once it returns.
 */
export async function checkoutWithMilk(browser: Browser, shopUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await page.goto(`${shopUrl}/social-login?returnTo=%2Fsearch%2Fmilk`);
  await page.getByLabel('E-mail').first().fill(DEMO.email);
  await page.getByLabel('Password').first().fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(`${shopUrl}/search/milk`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.locator('.quantity-add:not([disabled])').first().click();
  await expect.poll(() => page.locator('.cart-summary').textContent()).not.toBe('Cart is empty');
  await page.goto(`${shopUrl}/checkout`);
  await reactHandles(page, 'form#add-address button[type="submit"]');
  return page;
}
