import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { fillDemoShopper, fillGuestCart } from '../support/phone-shop';
import { allScreens, signInDemo, type Screen } from '../support/screens';
import { startShop, type TestShop } from '../support/shop';
import { VIEWPORTS } from '../support/viewports';

// Every table a shopper sees, on a 375 px phone (ADR 0384): the orders, an order's lines, a
// shopping list, its print view, the smart carts, the checkout, the blink checks, a product's
// nutrition; signed in with a cart and a list of the longest product names and notes, and as a
// guest. Neither the page nor any table scrolls sideways: a list's, its print view's, a smart
// cart's and the blink checks' rows are cards there (they scrolled in their own box, ADR 0318).
let shop: TestShop;
let browser: Browser;
let signedIn: Screen[];
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  await fillDemoShopper(shop);
  signedIn = [
    ...(await allScreens(shop)),
    { id: 'cart', path: '/cart' },
    { id: 'delivered order', path: '/orders/ord-fresh-demo-1' },
    { id: 'list', path: '/shopping-lists?list=list-fresh-demo-weekly' },
  ];
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const LIST = '/shopping-lists?list=list-fresh-demo-weekly';

/** What scrolls sideways on the page: the page itself, a table, or a box a table is in. */
function sideways(page: Page): Promise<{ wide: string[]; tables: number }> {
  return page.evaluate(() => {
    const wide: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth) wide.push(`page: ${scrollWidth} > ${window.innerWidth}`);
    const tables = [...document.querySelectorAll('main table')];
    for (const table of tables) {
      for (let box: Element | null = table; box && box.tagName !== 'MAIN'; box = box.parentElement)
        if (box.scrollWidth > box.clientWidth) {
          const where = `${box.tagName.toLowerCase()}.${box.className}`;
          wide.push(`${table.className} in ${where}: ${box.scrollWidth} > ${box.clientWidth}`);
        }
    }
    return { wide, tables: tables.length };
  });
}

async function sweep(page: Page, screens: Screen[]) {
  const wide: string[] = [];
  let tables = 0;
  for (const { id, path } of screens) {
    await page.goto(`${shop.url}${path}`);
    // /blink-test runs its checks, then opens their report (its table): measured there.
    if (id === 'blink-test') await page.waitForURL(/\/blink-test\/result\?cid=/);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate(() => document.fonts.ready);
    const found = await sideways(page);
    wide.push(...found.wide.map((fault) => `${id}: ${fault}`));
    tables += found.tables;
  }
  return { wide, tables };
}

describe('tables on a 375 px phone', () => {
  it('signed in: no page and no table scrolls sideways', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signInDemo(page, shop.url);
    const { wide, tables } = await sweep(page, signedIn);
    expect(wide).toEqual([]);
    // Checkout, orders, lists, print view, smart carts, nutrition, blink checks: all measured.
    expect(tables).toBeGreaterThanOrEqual(11);
    await context.close();
  }, 240_000);

  it('as a guest with a cart: no page and no table scrolls sideways', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(`${shop.url}/`);
    await fillGuestCart(page, shop);
    const { wide, tables } = await sweep(page, [
      { id: 'product', path: '/products/fruit-vegetables/green-valley/avocados-4-pack' },
      { id: 'cart', path: '/cart' },
      { id: 'guest checkout', path: '/checkout/guest' },
    ]);
    expect(wide).toEqual([]);
    expect(tables).toBe(2); // the product's nutrition, the guest checkout's lines
    await context.close();
  }, 120_000);
});

/**
 * Each shown value cell of the first table in `scope` (not the buttons' column, whose header is
 * for screen readers only): its column's header and the name drawn before it.
 */
function valueCells(page: Page, scope: string) {
  return page
    .locator(`${scope} table`)
    .first()
    .evaluate((table: HTMLTableElement) => {
      const headers = [...table.tHead!.rows[0]!.cells].map((cell) =>
        cell.querySelector('.visually-hidden') ? null : cell.textContent!.trim(),
      );
      return [...table.tBodies[0]!.rows].flatMap((row) =>
        [...row.cells]
          .filter((cell) => cell.tagName === 'TD' && headers[cell.cellIndex] !== null)
          .filter((cell) => cell.getClientRects().length > 0)
          .map((cell) => ({
            header: headers[cell.cellIndex],
            drawn: getComputedStyle(cell, '::before').content,
            right: cell.getBoundingClientRect().right,
          })),
      );
    });
}

/** Chromium's own accessibility tree (what a screen reader is given): its table roles' names. */
async function tableRoles(page: Page) {
  const session = await page.context().newCDPSession(page);
  const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
    nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
  };
  await session.detach();
  const named = (role: string) =>
    nodes.filter((n) => !n.ignored && n.role?.value === role).map((n) => n.name?.value ?? '');
  return {
    tables: named('table').length,
    columnHeaders: named('columnheader'),
    rowHeaders: named('rowheader'),
    cells: named('cell'),
  };
}

describe('a list and a smart cart on a 375 px phone', () => {
  it.each([
    { what: 'a shopping list', path: LIST, scope: '.list-detail', columns: 6 },
    {
      what: 'a smart cart',
      path: '/smart-carts/sc-fresh-demo-breakfast',
      scope: 'form.lines-editor',
      columns: 5,
    },
  ])(
    '$what: a card per row, each value after its column’s name, still a table',
    async ({ path, scope, columns }) => {
      const context = await browser.newContext({ viewport: VIEWPORTS.phone });
      const page = await context.newPage();
      await signInDemo(page, shop.url);
      await page.goto(`${shop.url}${path}`);
      await page.waitForSelector('html[data-hydrated="true"]');

      const cells = await valueCells(page, scope);
      expect(cells.length).toBeGreaterThan(3);
      for (const cell of cells) {
        // The drawn name is the column's, and hidden from screen readers (`/ ""`).
        expect(cell.drawn).toBe(`"${cell.header}" / ""`);
        expect(cell.right).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      }
      // Screen readers are still given a table: its column headers, its rows named by product,
      // and cells named by their values alone.
      const roles = await tableRoles(page);
      expect(roles.tables).toBeGreaterThanOrEqual(1);
      expect(roles.columnHeaders.filter((name) => name !== '')).toEqual(
        expect.arrayContaining(['Product', 'Quantity', 'Price each']),
      );
      expect(roles.columnHeaders.length).toBeGreaterThanOrEqual(columns);
      expect(roles.rowHeaders.length).toBeGreaterThan(2);
      expect(roles.cells.filter((name) => /^(Brand|Price each|Note|Total) /.test(name))).toEqual(
        [],
      );

      // On a desktop the same rows are a table's, side by side under their headers.
      await page.setViewportSize(VIEWPORTS.desktop);
      const desktop = await page
        .locator(`${scope} table`)
        .first()
        .evaluate((table) => ({
          display: getComputedStyle(table).display,
          drawn: getComputedStyle(table.querySelector('td[data-label]')!, '::before').content,
        }));
      expect(desktop).toEqual({ display: 'table', drawn: 'none' });
      await context.close();
    },
    120_000,
  );
});
