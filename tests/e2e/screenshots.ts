// Screenshots of the catalogue screens, and signed in of the cart, checkout, a placed order and
// the orders list, at phone (375x812) and desktop (1280x800) sizes, saved under docs/screens/.
// Places one order per shop: run against a running shop with a throwaway DATA_DIR:
//   PORT=3101 PLATFORM_PORT=4101 DATA_DIR=.data-c1 npm start &
//   SHOP_URL=http://localhost:3101 npx tsx tests/e2e/screenshots.ts
// SCREENS=not-found,order retakes those screens alone (both shops, both sizes): the others' files
// are not written again, a picture being new bytes in git each time.
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { choosePrivacy, SHOPPER_SCREENS, shopperScreens } from './screenshots-shopper';

const shopUrl = process.env.SHOP_URL ?? 'http://localhost:3101';
// Both demo shops (issue #9): Fresh Market's files keep their names, Harbour Grocers' get a prefix.
const shops = [
  { prefix: '', url: shopUrl, tenant: 'fresh' },
  {
    prefix: 'harbour-',
    url: shopUrl.replace('//localhost', '//harbour.localhost'),
    tenant: 'harbour',
  },
];
const outDir = process.env.SCREENS_DIR ?? 'docs/screens';
const only = process.env.SCREENS?.split(',').filter(Boolean);
const wanted = (screen: string) => !only || only.includes(screen);
const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
const screens = [
  { name: 'home', path: '/' },
  { name: 'product', path: '/products/fruit-vegetables/green-valley/avocados-4-pack' },
  { name: 'search-results', path: '/search/milk' },
  { name: 'search-typo', path: '/search/brocoli' },
  { name: 'category', path: '/search?category=dairy-eggs' },
  { name: 'not-found', path: '/no/such/page' },
] as const;

async function main(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const [size, viewport] of Object.entries(viewports))
      for (const shop of shops) {
        const page = await browser.newPage({ viewport });
        // A first visit: the privacy choices over the home page (ADR 0265), then chosen.
        if (!shop.prefix && wanted('privacy-choices'))
          await shootScreen(page, `${shop.url}/`, `${outDir}/privacy-choices-${size}.png`);
        await choosePrivacy(page, shop);
        for (const screen of screens.filter(({ name }) => wanted(name))) {
          const file = `${outDir}/${shop.prefix}${screen.name}-${size}.png`;
          await shootScreen(page, `${shop.url}${screen.path}`, file);
        }
        await page.close();
      }
    // Signed in: cart, checkout, the placed order, the orders list (places an order per shop).
    if (SHOPPER_SCREENS.some(wanted))
      for (const shop of shops) await shopperScreens(browser, shop, viewports, outDir, wanted);
  } finally {
    await browser.close();
  }
}

async function shootScreen(page: Page, url: string, file: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage: false });
  console.log(`saved ${file}`);
}

await main();
