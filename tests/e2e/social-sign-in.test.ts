import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { launchChromium } from '../support/browser';
import { startSocialShop, type SocialShop } from '../support/social-shop';

// Issue #8 in Chromium: a guest fills a cart, "Continue with Demo ID", signs in on the provider's
// own pages, allows the shop, and is back signed in with the guest cart merged; no token of the
// provider or of uaa is anywhere in the page or its globals.
let shop: SocialShop;
let browser: Browser;
let product: { slug: string; name: string; offeringId: string };

beforeAll(async () => {
  [shop, browser] = await Promise.all([startSocialShop(), launchChromium()]);
  const { rows } = await shop.platform.db.query<{ slug: string; name: string; id: string }>(
    `select p.slug, p.name, o.id from products p join offerings o on o.product_id = p.id
      where o.tenant_id = 'fresh' and o.available order by p.position desc, p.id limit 1`,
  );
  product = { slug: rows[0]!.slug, name: rows[0]!.name, offeringId: rows[0]!.id };
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function serverCart(page: Page): Promise<Booking> {
  const body = await page.evaluate(
    async (path) => (await fetch(path)).json(),
    bookingPaths.cart('fresh'),
  );
  return Booking.parse(body);
}

describe('social sign-in in Chromium', () => {
  it('signs in through the provider, merges the guest cart, leaves no token in the page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.url}/products/${product.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: `Add 1 ${product.name}` }).click();
    await expect
      .poll(async () => (await serverCart(page)).items.map((i) => i.offeringId))
      .toContain(product.offeringId);

    await page.goto(`${shop.url}/social-login?returnTo=${encodeURIComponent('/orders')}`);
    await page.getByRole('button', { name: 'Continue with Demo ID' }).click();
    await page.waitForURL(`${shop.idp.url}/interaction/**`);
    await page.getByRole('heading', { name: 'Sign in to continue to Storefront' }).waitFor();
    await page.getByLabel('Username').fill('shopper');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Storefront wants to' }).waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.waitForURL(`${shop.url}/orders`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForSelector('summary[aria-label^="Account menu"]');
    const cart = await serverCart(page);
    expect(cart.items.map((i) => i.offeringId)).toContain(product.offeringId);

    // The token cookies are httpOnly, and no token is in the document or any global.
    const cookies = await context.cookies(shop.url);
    const tokens = cookies.filter((c) => c.name === 'access_token' || c.name === 'refresh_token');
    expect(tokens).toHaveLength(2);
    for (const cookie of tokens) expect(cookie.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === 'social_tx')).toBeUndefined();
    const exposed = await page.evaluate(
      (values) => {
        const html = document.documentElement.outerHTML;
        const globals = Object.keys(window)
          .map((key) => {
            try {
              return JSON.stringify((window as unknown as Record<string, unknown>)[key]) ?? '';
            } catch {
              return '';
            }
          })
          .join('\n');
        const stored = [localStorage, sessionStorage]
          .flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`))
          .join('\n');
        const everything = `${html}\n${globals}\n${stored}`;
        return {
          cookie: document.cookie,
          inPage: values.filter((v) => everything.includes(v)).length,
          jwtLike: /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/.test(everything),
        };
      },
      tokens.map((c) => c.value),
    );
    expect(exposed).toEqual({ cookie: '', inPage: 0, jwtLike: false });
    await context.close();
  });
});
