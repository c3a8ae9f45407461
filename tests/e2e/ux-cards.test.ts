import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Issue #9 points 4 and 7 in Chromium, on a phone and a desktop: buttons that say what they add,
// each price once, the lean card (one form, a plain link with client navigation), product pictures.
let shop: TestShop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const hydrated = 'html[data-hydrated="true"]';

describe.each(Object.entries(VIEWPORTS))('product cards and page on a %s', (_size, viewport) => {
  it('cards say "Add 1" and "Add case of N", show the case price once, hold one form', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${shop.url}/search/milk`);
    await page.waitForSelector(hydrated);
    const cards = page.locator('.product-card');
    expect(await cards.count()).toBeGreaterThan(4);
    const facts = await cards.evaluateAll((all) =>
      all.map((card) => ({
        buttons: [...card.querySelectorAll('button')].map((b) => b.textContent?.trim()),
        casePrice: card.querySelector('.price-case .price-amount')?.textContent ?? '',
        text: card.textContent ?? '',
        forms: card.querySelectorAll('form').length,
        hidden: card.querySelectorAll('input[type=hidden]').length,
        elements: card.querySelectorAll('*').length,
        plainLink: card.querySelector('a.product-card-link') !== null,
      })),
    );
    for (const card of facts) {
      expect(card.buttons).toHaveLength(2);
      expect(card.buttons[0]).toBe('Add 1');
      expect(card.buttons[1]).toMatch(/^Add case of \d+$/);
      expect(card.casePrice).not.toBe('');
      expect(card.text.split(card.casePrice).length - 1).toBe(1);
      expect(card.forms).toBe(1);
      expect(card.hidden).toBe(4);
      // 18, the two spans of a price per kg shown short and said in words (ADR 0341) and the
      // brand and size's words beside them (ADR 0346).
      expect(card.elements).toBeLessThanOrEqual(21);
      expect(card.plainLink).toBe(true);
    }
    // The two buttons sit side by side at the same height (or wrap whole on a narrow card).
    const boxes = await cards
      .first()
      .locator('.quantity-add')
      .evaluateAll((all) => all.map((b) => b.getBoundingClientRect().height));
    expect(boxes[0]).toBe(boxes[1]);

    // "Add 1" turns into a stepper showing 1 for singles; the case button stays.
    const first = cards.filter({ has: page.locator('.quantity-add:not([disabled])') }).first();
    await first.getByRole('button', { name: /^Add 1 / }).click();
    await first.locator('output').filter({ hasText: '1' }).waitFor();
    expect(await first.getByRole('button', { name: /^Add case of \d+ / }).count()).toBe(1);

    // The plain link navigates in the app (no new document): a marker on window survives.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const name = (await first.locator('.product-card-name').textContent())!;
    await first.locator('a.product-card-link').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await context.close();
  });

  it('the product page shows each price once, aligned buttons, and a picture of the product', async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${shop.url}/search/bananas`);
    await page.locator('.product-card').first().waitFor();
    const link = await page.locator('a.product-card-link').first().getAttribute('href');
    await page.goto(`${shop.url}${link}`);
    await page.waitForSelector(hydrated);
    const summary = page.locator('.product-summary');
    const single = (await summary.locator('.price-single .price-amount').textContent())!;
    const casePrice = (await summary.locator('.price-case .price-amount').textContent())!;
    const text = (await summary.textContent())!;
    expect(text.split(single).length - 1).toBe(1);
    expect(text.split(casePrice).length - 1).toBe(1);
    const buttons = summary.locator('.quantity-add');
    expect(await buttons.allTextContents()).toEqual([
      'Add 1',
      expect.stringMatching(/^Add case of \d+$/),
    ]);
    const [a, b] = await buttons.evaluateAll((all) =>
      all.map((el) => {
        const r = el.getBoundingClientRect();
        return { top: Math.round(r.top), height: Math.round(r.height) };
      }),
    );
    expect(a).toEqual(b);
    // The picture is the banana icon composed at seed time, loaded through the gateway.
    const picture = page.locator('.product-detail img').first();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const src = (await picture.getAttribute('src'))!;
    const svg = await (await page.request.get(`${shop.url}${src}`)).text();
    expect(svg).toContain('<svg');
    expect(svg).toMatch(/aria-label="[^"]*Bananas"/);
    await context.close();
  });
});
