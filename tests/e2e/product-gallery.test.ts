import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launchChromium, reactHandles } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The product gallery is a radio group shown by CSS (client/components/catalogue/product-gallery.tsx):
// a thumbnail shows its picture without JavaScript and before the page's code has arrived, when
// a button with a click handler did nothing until the page island was hydrated.
let shop: TestShop;
let browser: Browser;
let productPath: string;
let images: number;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  // A product with a choice of pictures (the seed gives each product one to three).
  const search = await (await fetch(`${shop.url}/search/milk`)).text();
  const slugs = [...search.matchAll(/href="\/search\/milk\/([^"?#]+)"/g)].map((m) => m[1]!);
  for (const slug of new Set(slugs)) {
    const path = `/products/${decodeURIComponent(slug)}`;
    const html = await (await fetch(`${shop.url}${path}`)).text();
    const count = html.match(/class="product-gallery-choice"/g)?.length ?? 0;
    if (count >= 2) {
      [productPath, images] = [path, count];
      break;
    }
  }
  if (!productPath) throw new Error('no product with more than one picture on /search/milk');
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** The large picture on screen: its alt text and address (exactly one is shown). */
async function shown(page: Page) {
  const visible = page.locator('.product-gallery-main:visible');
  expect(await visible.count()).toBe(1);
  return { alt: await visible.getAttribute('alt'), src: await visible.getAttribute('src') };
}

const thumbnail = (page: Page, n: number) => page.locator('label.product-gallery-thumb').nth(n - 1);
const thumbnailSrc = (page: Page, n: number) =>
  thumbnail(page, n).locator('img').getAttribute('src');

describe('product gallery', () => {
  it('shows the picture of the thumbnail clicked, without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}${productPath}`);
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    expect(await shown(page)).toEqual({ alt: name, src: await thumbnailSrc(page, 1) });

    await thumbnail(page, images).click();
    expect(await shown(page)).toEqual({
      alt: `${name}, image ${images} of ${images}`,
      src: await thumbnailSrc(page, images),
    });
    const radio = page.getByRole('radio', { name: `Show image ${images} of ${images}` });
    expect(await radio.isChecked()).toBe(true);
    await context.close();
  });

  it("answers the first click before the page's code arrives, and keeps it once hydrated", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    // The page's code loads at the first interaction only, and comes 1.5 s late.
    await page.addInitScript(() => (window.requestIdleCallback = () => 0));
    await page.route(/\/assets\/product[\w.-]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${shop.url}${productPath}`);
    await page.waitForSelector('html[data-hydrated="true"]');

    await thumbnail(page, 2).click();
    const second = { src: await thumbnailSrc(page, 2) };
    expect(await shown(page)).toMatchObject(second);
    expect(
      await page
        .locator('.product-gallery-choice')
        .evaluateAll((inputs) =>
          inputs.some((input) => Object.keys(input).some((k) => k.startsWith('__reactProps$'))),
        ),
    ).toBe(false); // the click came before React handled anything in the gallery

    await reactHandles(page, '.product-gallery-choice');
    expect(await shown(page)).toMatchObject(second);
    await thumbnail(page, 1).click();
    expect(await shown(page)).toMatchObject({ src: await thumbnailSrc(page, 1) });
    expect(errors).toEqual([]); // no hydration mismatch
    await context.close();
  });

  it('is a radio group: the arrow keys move from picture to picture; no axe violations', async () => {
    const context = await browser.newContext({ bypassCSP: true }); // axe is injected
    const page = await context.newPage();
    await page.goto(`${shop.url}${productPath}`);
    await page.getByRole('radio', { name: `Show image 1 of ${images}` }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await shown(page)).toMatchObject({ src: await thumbnailSrc(page, 2) });
    expect(await page.getByRole('radio', { name: `Show image 2 of ${images}` }).isChecked()).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
