import type { Browser, Page } from 'playwright-core';

// The signed-in screens of the screenshot script (issue #9 points 5 and 6): the cart page, the
// checkout (slots by day, delivery in the total), the order just placed (its short number) and the
// orders list (numbers, items and pictures), on a phone and a desktop. Places one order per shop.
type Shop = { prefix: string; url: string; tenant: string };
export const SHOPPER_SCREENS = ['cart', 'checkout', 'order', 'orders'];
type Viewports = Record<string, { width: number; height: number }>;

async function signIn(page: Page, shop: Shop): Promise<void> {
  await page.goto(`${shop.url}/`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const status = await page.evaluate(async () => {
    const response = await fetch('/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    return response.status;
  });
  if (status !== 200) throw new Error(`sign-in ${status}`);
}

/** A few everyday products in the cart, as the cart controls would put them. */
async function fillCart(page: Page, tenant: string): Promise<void> {
  await page.evaluate(async (tenant) => {
    const offerings: string[] = [];
    for (const q of ['milk', 'bananas', 'bread']) {
      const { items } = await (await fetch(`/api/services/catalogue/api/v1/search?q=${q}`)).json();
      const found = items.find((i: { offering: { available: boolean } }) => i.offering.available);
      if (found) offerings.push(found.offering.id);
    }
    for (const [n, offeringId] of offerings.entries()) {
      const response = await fetch(
        `/api/services/booking-ms/api/v1/bookings/cart/tenant/${tenant}/item`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-csrf': '1' },
          body: JSON.stringify({ offeringId, quantity: n + 1, byCase: false }),
        },
      );
      if (!response.ok) throw new Error(`cart ${response.status}`);
    }
  }, tenant);
}

/**
 * The privacy choice made (declined), as a returning shopper's browser has it: the screens show the
 * shop rather than the consent banner over it (the banner has its own screenshot).
 */
export async function choosePrivacy(page: Page, shop: Shop): Promise<void> {
  await page.context().addCookies([{ name: 'consent', value: 'analytics:0', url: shop.url }]);
}

async function shoot(page: Page, file: string | null, fullPage: boolean): Promise<void> {
  if (file === null) return; // a screen not asked for (SCREENS)
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage });
  console.log(`saved ${file}`);
}

export async function shopperScreens(
  browser: Browser,
  shop: Shop,
  viewports: Viewports,
  outDir: string,
  wanted: (screen: string) => boolean = () => true,
): Promise<void> {
  const page = await browser.newPage({ viewport: viewports.desktop });
  const name = (screen: string, size: string) =>
    wanted(screen) ? `${outDir}/${shop.prefix}${screen}-${size}.png` : null;
  try {
    await choosePrivacy(page, shop);
    await signIn(page, shop);
    await fillCart(page, shop.tenant);
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(`${shop.url}/cart`);
      await shoot(page, name('cart', size), false);
      await page.goto(`${shop.url}/checkout`);
      await shoot(page, name('checkout', size), true);
    }
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/done=placed/);
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await shoot(page, name('order', size), true);
    }
    for (const [size, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto(`${shop.url}/orders`);
      await shoot(page, name('orders', size), false);
    }
  } finally {
    await page.close();
  }
}
