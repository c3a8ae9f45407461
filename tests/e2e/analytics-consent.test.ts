import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startShop, type TestShop } from '../support/shop';

// The consent choice and first-party analytics in Chromium (issue #29 item 3, ADR 0265): the
// banner on a first visit, nothing sent before a choice or after a decline (network watched),
// add_to_cart in the platform's analytics inbox after accepting, and the Global Privacy Control
// signal taken as a decline without a banner.
type Product = { slug: string; name: string; offeringId: string };
let shop: TestShop;
let browser: Browser;
let product: Product;
let second: Product;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    // The head at once (ADR 0287), whatever the platform's speed: the banner in an early document.
    startShop({ COOKIE_SECURE: 'false', TRUST_PROXY: '127.0.0.1', EARLY_HEAD_AFTER_MS: '0' }),
    launchChromium(),
  ]);
  const { rows } = await shop.platform.db.query<{ slug: string; name: string; id: string }>(
    `select p.slug, p.name, o.id from products p join offerings o on o.product_id = p.id
      where o.tenant_id = 'fresh' and o.available order by p.position, p.id limit 2`,
  );
  [product, second] = rows.map((r) => ({ slug: r.slug, name: r.name, offeringId: r.id })) as [
    Product,
    Product,
  ];
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

type Watched = {
  page: Page;
  context: BrowserContext;
  analytics: string[];
  sender: string[];
  errors: string[];
};

async function visit(options: Parameters<Browser['newContext']>[0] = {}): Promise<Watched> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const watched = {
    page,
    context,
    analytics: [] as string[],
    sender: [] as string[],
    errors: [] as string[],
  };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.errors.push(message.text());
  });
  page.on('pageerror', (error) => watched.errors.push(String(error)));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/analytics/events') watched.analytics.push(request.postData() ?? '');
    if (/\/sender-[\w-]+\.js$/.test(url.pathname)) watched.sender.push(url.pathname);
  });
  await page.goto(`${shop.url}/products/${product.slug}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  return watched;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Privacy choices' });
const pageCid = (page: Page) =>
  page.locator('meta[name="correlation-id"]').getAttribute('content') as Promise<string>;

async function addOne(page: Page, what = product): Promise<void> {
  const add = `Add 1 ${what.name}`;
  const written = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/booking-ms/') && r.ok(),
  );
  await page.getByRole('button', { name: add }).first().click();
  await written;
}

/** Clicks a choice: the form posts to /consent, which sends the browser back to the page. */
async function choose(
  page: Page,
  choice: 'Accept' | 'Decline',
  path = `/products/${product.slug}`,
): Promise<void> {
  const back = page.waitForResponse(
    (r) => new URL(r.url()).pathname === path && r.request().method() === 'GET',
  );
  await banner(page).getByRole('button', { name: choice }).click();
  await back;
  await page.waitForLoadState('load');
  await page.waitForSelector('html[data-hydrated="true"]');
  expect(await banner(page).count()).toBe(0);
}

type Stored = { name: string; cid: string; tenant: string; params: Record<string, unknown> };
async function inbox(cid: string, name?: string): Promise<Stored[]> {
  const query = new URLSearchParams({ cid, ...(name ? { name } : {}) });
  const answer = await fetch(`${shop.platform.url}/dev/analytics?${query}`, {
    headers: { accept: 'application/json' },
  });
  return ((await answer.json()) as { events: Stored[] }).events;
}

describe('consent and analytics in Chromium', () => {
  it('asks on the first visit and sends nothing before a choice or after a decline', async () => {
    const { page, context, analytics, sender, errors } = await visit();
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // React hydrated the document around the banner it did not render, without a complaint.
    expect(errors).toEqual([]);
    await expect
      .poll(() => banner(page).getByRole('button', { name: 'Accept' }).isVisible())
      .toBe(true);
    // Nothing before a choice, even after adding to the cart.
    await addOne(page);
    await page.waitForTimeout(500);
    expect(analytics).toEqual([]);
    expect(sender).toEqual([]);

    // Now with a guest session: its pages are sent whole with their exact status, never with an
    // early head (ADR 0305; the header shown to the proxy, TRUST_PROXY), the banner in them. The
    // banner after an early head: tests/integration/gateway-early-head.test.ts.
    const home = await page.goto(`${shop.url}/`);
    expect(home?.headers()['x-page-head']).toBeUndefined();
    await page.waitForSelector('html[data-hydrated="true"]');
    await choose(page, 'Decline', '/');
    await page.goto(`${shop.url}/products/${second.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'consent')?.value).toBe('analytics:0');
    await addOne(page, second);
    await page.waitForTimeout(500);
    expect(analytics).toEqual([]);
    expect(sender).toEqual([]);
    expect(await inbox(await pageCid(page))).toEqual([]);
    // The footer's link opens the same choice again.
    await page.getByRole('link', { name: 'Privacy choices' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Privacy choices' }).count()).toBe(1);
    await page.locator('summary', { hasText: 'Choose' }).click();
    expect(await page.getByRole('checkbox', { name: /Measurement/ }).isChecked()).toBe(false);
    expect(await page.getByText('Nothing is measured.').count()).toBe(1);
    await context.close();
  });

  it('after Accept, sends page_view and add_to_cart with the item and its value to the inbox', async () => {
    const { page, context, analytics } = await visit();
    await choose(page, 'Accept');
    const cid = await pageCid(page);
    await expect
      .poll(async () => (await inbox(cid, 'view_item')).length, { timeout: 10_000 })
      .toBe(1);
    await addOne(page);
    await expect
      .poll(async () => (await inbox(cid, 'add_to_cart')).length, { timeout: 10_000 })
      .toBe(1);
    const [added] = await inbox(cid, 'add_to_cart');
    expect(added).toMatchObject({ cid, tenant: 'fresh' });
    const items = added!.params.items as {
      item_id: string;
      item_name: string;
      quantity: number;
      price: number;
    }[];
    expect(items[0]).toMatchObject({
      item_id: product.offeringId,
      item_name: product.name,
      quantity: 1,
    });
    expect(added!.params.value).toBe(items[0]!.price);
    expect(added!.params.value).toBeGreaterThan(0);
    expect((await inbox(cid, 'page_view')).length).toBe(1);
    // One fewer: remove_from_cart with the quantity taken out.
    const written = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/booking-ms/') && r.ok(),
    );
    await page
      .getByRole('button', { name: `Decrease quantity of ${product.name} (singles)` })
      .first()
      .click();
    await written;
    await expect
      .poll(async () => (await inbox(cid, 'remove_from_cart')).length, { timeout: 10_000 })
      .toBe(1);
    const [removed] = await inbox(cid, 'remove_from_cart');
    expect(removed!.params.items).toEqual([
      expect.objectContaining({ item_id: product.offeringId, quantity: 1 }),
    ]);
    // Search results: search with its term, and the list of products shown.
    const term = product.name.split(' ')[0]!.toLowerCase();
    await page.goto(`${shop.url}/search/${encodeURIComponent(term)}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const searchCid = await pageCid(page);
    await expect
      .poll(async () => (await inbox(searchCid, 'view_item_list')).length, { timeout: 10_000 })
      .toBe(1);
    const [search] = await inbox(searchCid, 'search');
    expect(search!.params).toEqual({ search_term: term });
    const [list] = await inbox(searchCid, 'view_item_list');
    expect((list!.params.items as { item_id: string }[]).length).toBeGreaterThan(0);
    // Sent as beacons to the gateway, never with anything personal.
    expect(analytics.length).toBeGreaterThan(0);
    expect(analytics.join('')).not.toMatch(/access_token|refresh_token|@/);
    await context.close();
  });

  it('takes Global Privacy Control as a decline: no banner, nothing sent, even with an old consent', async () => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    const { hostname } = new URL(shop.url);
    await context.addCookies([
      { name: 'consent', value: 'analytics:1', domain: hostname, path: '/' },
    ]);
    const page = await context.newPage();
    const analytics: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/analytics/events') analytics.push(r.url());
    });
    await page.goto(`${shop.url}/products/${product.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await banner(page).count()).toBe(0);
    await addOne(page);
    await page.waitForTimeout(500);
    expect(analytics).toEqual([]);
    expect(await inbox(await pageCid(page))).toEqual([]);
    await context.close();

    // The header alone, on a first visit: no banner either.
    const plain = await browser.newContext({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
    const other = await plain.newPage();
    await other.goto(`${shop.url}/`);
    expect(await banner(other).count()).toBe(0);
    await plain.close();
  });

  it('has no axe violation with the banner open on a phone, nor on the Privacy choices page', async () => {
    // axe is injected past the page's nonce-based CSP.
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${shop.url}/products/${product.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await banner(page).locator('summary', { hasText: 'Choose' }).click();
    expect(await axeViolations(page)).toEqual([]);
    // No sideways scroll at 375 px with it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.goto(`${shop.url}/consent`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('measures begin_checkout and purchase (the order number as transaction_id) after consent', async () => {
    const context = await browser.newContext();
    const { hostname } = new URL(shop.url);
    await context.addCookies([
      { name: 'consent', value: 'analytics:1', domain: hostname, path: '/' },
    ]);
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const signedIn = await page.evaluate(async () => {
      const response = await fetch('/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
      });
      return response.status;
    });
    expect(signedIn).toBe(200);
    await page.goto(`${shop.url}/products/${second.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await addOne(page, second);
    await page.goto(`${shop.url}/checkout`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const cid = await pageCid(page);
    await expect
      .poll(async () => (await inbox(cid, 'begin_checkout')).length, { timeout: 10_000 })
      .toBe(1);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/orders\/ord-[0-9a-f]+\?done=placed/);
    const title = (await page.locator('#order-title').textContent())!;
    await expect
      .poll(async () => (await inbox(cid, 'purchase')).length, { timeout: 10_000 })
      .toBe(1);
    const [purchase] = await inbox(cid, 'purchase');
    expect(title).toContain(String(purchase!.params.transaction_id));
    expect(purchase!.params.value).toBeGreaterThan(0);
    expect(purchase!.params.currency).toBe('EUR');
    await context.close();
  });
});
