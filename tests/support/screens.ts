import type { Page } from 'playwright-core';
import { DeliverySlotList, orderPaths } from '../../shared/contracts/orders';
import { smartCartPaths } from '../../shared/contracts/lists';
import { routeTable } from '../../shared/routes';
import { DEMO } from './platform';
import type { TestShop } from './shop';

// The 26 screens of the route table (shared/routes.ts), each at a URL that shows it with the
// seeded demo data of the "fresh" shop, for checks that must hold on every screen (issue #29
// item 5: no sideways scroll, no axe violation). Screens behind sign-in are visited signed in.
export type Screen = { id: string; path: string };

const SMART_CART = 'sc-fresh-demo-breakfast';

/** Places an order from the seeded smart cart through the platform; its id. */
async function smartCartOrder(shop: TestShop): Promise<string> {
  const { access_token: token } = await shop.platform.signIn('fresh');
  const slots = DeliverySlotList.parse(
    await (await shop.platform.call(orderPaths.deliverySlots, { token })).json(),
  );
  const placed = await shop.platform.call(smartCartPaths.order(SMART_CART), {
    method: 'POST',
    token,
    body: {
      addressId: 'adr-fresh-demo-home',
      paymentMethodId: 'pm-fresh-demo-visa',
      slotId: slots.items.find((slot) => slot.available)!.id,
    },
  });
  if (placed.status !== 201) throw new Error(`smart cart order: ${placed.status}`);
  return ((await placed.json()) as { id: string }).id;
}

export async function allScreens(shop: TestShop): Promise<Screen[]> {
  const orderId = await smartCartOrder(shop);
  const paths: Record<string, string> = {
    home: '/',
    'blink-test': '/blink-test',
    'blink-test-result': '/blink-test/result',
    brands: '/brands/green-valley',
    checkout: '/checkout',
    'order-list': '/orders',
    'order-detail': '/orders/ord-fresh-demo-3',
    'content-page': '/page/about',
    policy: '/policy/terms',
    product: '/products/fruit-vegetables/green-valley/avocados-4-pack',
    profile: '/profile',
    'account-activation': '/profile/activation/no-such-key',
    'delivery-addresses': '/profile/delivery-address',
    'profile-info': '/profile/info',
    'payment-methods': '/profile/payment-methods',
    'password-reset': '/profile/reset/no-such-key',
    search: '/search?category=dairy-eggs',
    'search-results': '/search/milk',
    'search-product': '/search/avocado/fruit-vegetables%2Fgreen-valley%2Favocados-4-pack',
    'sentry-test': '/sentry-test',
    'shopping-lists': '/shopping-lists',
    'shopping-list-print': '/shopping-lists/list-fresh-demo-weekly/print',
    'smart-carts': '/smart-carts',
    'smart-cart': `/smart-carts/${SMART_CART}`,
    'smart-cart-order': `/smart-carts/${SMART_CART}/order/${orderId}`,
    'social-login': '/social-login',
  };
  return routeTable.map(({ id }) => {
    const path = paths[id];
    if (!path) throw new Error(`no URL for the screen ${id}`);
    return { id, path };
  });
}

/** Signs the demo shopper in through the shop's sign-in form. */
export async function signInDemo(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/social-login?returnTo=%2Forders`);
  await page.getByLabel('E-mail').first().fill(DEMO.email);
  await page.getByLabel('Password').first().fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(`${url}/orders`);
}
