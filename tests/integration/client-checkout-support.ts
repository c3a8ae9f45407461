import { bookingPaths, type Booking } from '../../shared/contracts/booking';
import type { DeliverySlotList } from '../../shared/contracts/orders';
import { orderPaths } from '../../shared/contracts/orders';
import { cataloguePaths, type ProductList } from '../../shared/contracts/catalogue';
import type { TestShop } from '../support/shop';

// A shopper's browser for the checkout and order tests: a cookie jar, JSON calls through the
// gateway's proxy, and page form posts (URL-encoded, as a browser without JavaScript sends them).
export type Shopper = ReturnType<typeof shopperOf>;

export function shopperOf(shop: Pick<TestShop, 'url'>) {
  const jar = new Map<string, string>();
  const send = async (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) => {
    const response = await fetch(shop.url + path, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        origin: shop.url,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...init.headers,
      },
      body: init.body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      if (value.join('=')) jar.set(name, value.join('='));
      else jar.delete(name);
    }
    return response;
  };
  const api = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const response = await send(path, {
      method,
      headers: {
        'x-csrf': '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? null : await response.json()) as T;
  };
  const post = (path: string, fields: Record<string, string> | [string, string][]) =>
    send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  return {
    send,
    /** The Cookie header this shopper's browser sends. */
    cookies: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    page: (path: string) => send(path),
    post,
    /** Posts an add-card form (checkout or profile) for Sam Shopper, expiring `month`/`year`. */
    addCard: (path: string, cardNumber: string, month = '12', year = '2031') =>
      post(path, {
        intent: 'add-card',
        cardNumber,
        expiryMonth: month,
        expiryYear: year,
        holderName: 'Sam Shopper',
      }),
    api,
    signIn: () =>
      api('/auth/sign-in', 'POST', { email: 'shopper@example.com', password: 'demo1234' }),
    cart: () => api<Booking>(bookingPaths.cart('fresh')),
    putItem: (offeringId: string, quantity: number, byCase = false) =>
      api<Booking>(bookingPaths.item('fresh'), 'PUT', { offeringId, quantity, byCase }),
    firstSlot: async () =>
      (await api<DeliverySlotList>(orderPaths.deliverySlots)).items.find((slot) => slot.available)!,
  };
}

/** Offerings the "fresh" shop sells (from a catalogue search through the gateway), with product names. */
export async function buyableOfferings(shop: Pick<TestShop, 'url'>, count: number, query = 'milk') {
  const response = await fetch(`${shop.url}${cataloguePaths.search}?q=${query}`);
  const { items } = (await response.json()) as ProductList;
  return items
    .filter((item) => item.offering.available)
    .slice(0, count)
    .map((item) => ({ id: item.offering.id, name: item.name }));
}
