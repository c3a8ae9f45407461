import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, apiEngineer, type ApiEngineer } from '../support/api-engineer';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// An integration engineer's walk through the gateway's HTTP API (ADR 0376) with nothing but the
// documents: every call is an operation of docs/api/gateway.openapi.json or, through the proxy, of
// upstream.openapi.json, answered with a status they list (../support/api-engineer.ts). The
// gateway (production build) in front of the reference platform, real HTTP between them.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const CATALOGUE = '/api/services/catalogue/api/v1';
const ORDERS = '/api/services/orders/api/v1';
const LISTS = '/api/services/shopping-lists/api/v1/lists';
const PROFILE = '/api/services/profile/api/v1';

type Product = { offering: { id: string; available: boolean } };
type Booking = { items: { uid: string; offeringId: string; quantity: number }[] };
type Slot = { id: string; available: boolean };
type Choice = { id: string; isDefault: boolean };

/** A cart's lines as offering → quantity. */
const lines = (booking: Booking) =>
  Object.fromEntries(booking.items.map((item) => [item.offeringId, item.quantity]));

/** Two offerings of a category's shelf and one found by a search, each one that can be bought. */
async function browse(engineer: ApiEngineer) {
  const categories = await answer<{ items: { slug: string; productCount: number }[] }>(
    await engineer.send('GET', `${CATALOGUE}/categories`),
  );
  const category = categories.items.find((c) => c.productCount > 0)!;
  const shelf = await answer<{ items: Product[] }>(
    await engineer.send('GET', `${CATALOGUE}/categories/${category.slug}?page=1&pageSize=20`),
  );
  const onShelf = shelf.items.filter((p) => p.offering.available).map((p) => p.offering.id);
  const found = await answer<{ items: Product[] }>(
    await engineer.send('GET', `${CATALOGUE}/search?q=milk&pageSize=20`),
  );
  const searched = found.items.find(
    (p) => p.offering.available && !onShelf.includes(p.offering.id),
  );
  expect(onShelf.length).toBeGreaterThanOrEqual(2);
  return { first: onShelf[0]!, second: onShelf[1]!, searched: searched!.offering.id };
}

/** What an order needs: a slot that can be booked, the default address and card. */
async function checkoutChoices(engineer: ApiEngineer) {
  const slots = await answer<{ items: Slot[] }>(
    await engineer.send('GET', `${ORDERS}/delivery-slots`),
  );
  const addresses = await answer<{ items: Choice[] }>(
    await engineer.send('GET', `${PROFILE}/addresses`),
  );
  const cards = await answer<{ items: Choice[] }>(
    await engineer.send('GET', `${PROFILE}/payment-methods`),
  );
  return {
    slotId: slots.items.find((slot) => slot.available)!.id,
    addressId: addresses.items.find((address) => address.isDefault)!.id,
    paymentMethodId: cards.items.find((card) => card.isDefault)!.id,
  };
}

describe('an integration engineer’s walk through the documented API', () => {
  it('a guest fills a cart; signed in, orders from a shopping list at checkout', async () => {
    const engineer = apiEngineer(shop.url);
    const offerings = await browse(engineer);

    // A guest session, and the shop's tenant id the cart's paths name.
    expect(await answer(await engineer.send('POST', '/auth/guest'))).toEqual({ guest: true });
    const guest = await answer<{ account: null; tenantId: string }>(
      await engineer.send('GET', '/auth/session'),
    );
    expect(guest).toEqual({ account: null, tenantId: expect.any(String) });
    const cart = `/api/services/booking-ms/api/v1/bookings/cart/tenant/${guest.tenantId}`;

    // Two lines, a quantity changed, a line removed.
    const set = (offeringId: string, quantity: number) =>
      engineer.send('PUT', `${cart}/item`, { body: { offeringId, quantity, byCase: false } });
    await answer(await set(offerings.first, 2));
    await answer(await set(offerings.searched, 1));
    let booking = await answer<Booking>(await set(offerings.first, 5));
    expect(lines(booking)).toEqual({ [offerings.first]: 5, [offerings.searched]: 1 });
    const searched = booking.items.find((item) => item.offeringId === offerings.searched)!;
    booking = await answer<Booking>(
      await engineer.send('DELETE', `${cart}/item?bookingItemUid=${searched.uid}`),
    );
    expect(lines(booking)).toEqual({ [offerings.first]: 5 });

    // Signed in: the same shop, the guest's cart the shopper's, their orders.
    const signedIn = await answer<{ account: { email: string } }>(
      await engineer.send('POST', '/auth/sign-in', { body: DEMO }),
    );
    expect(signedIn.account.email).toBe(DEMO.email);
    expect(await answer(await engineer.send('GET', '/auth/session'))).toMatchObject({
      account: { email: DEMO.email },
      tenantId: guest.tenantId,
    });
    expect(lines(await answer<Booking>(await engineer.send('GET', cart)))).toEqual({
      [offerings.first]: 5,
    });
    const before = await answer<{ items: { id: string }[] }>(
      await engineer.send('GET', `${ORDERS}/orders?page=1&pageSize=10`),
    );
    expect(before.items.length).toBeGreaterThan(0);

    // A shopping list with one item, put into the cart.
    const list = await answer<{ id: string }>(
      await engineer.send('POST', LISTS, { body: { name: 'Weekly' } }),
    );
    await answer(
      await engineer.send('POST', `${LISTS}/${list.id}/items`, {
        body: { offeringId: offerings.second, quantity: 2, byCase: false, note: '' },
      }),
    );
    const filled = await answer<{ booking: Booking; added: number; notAdded: unknown[] }>(
      await engineer.send('POST', `${LISTS}/${list.id}/to-cart`, { body: {} }),
    );
    expect(filled).toMatchObject({ added: 1, notAdded: [] });
    expect(lines(filled.booking)).toEqual({ [offerings.first]: 5, [offerings.second]: 2 });

    // Checkout: a slot that can be booked, priced, then the order at the total quoted.
    const choices = await checkoutChoices(engineer);
    const quote = await answer<{ slotId: string; total: number }>(
      await engineer.send('POST', `${ORDERS}/orders/quote`, { body: { slotId: choices.slotId } }),
    );
    expect(quote.slotId).toBe(choices.slotId);
    const placed = await engineer.send('POST', `${ORDERS}/orders`, {
      body: { ...choices, notes: '', expectedTotal: quote.total },
      headers: { 'idempotency-key': 'walk-order-0001' },
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string; status: string; total: number };
    expect(order).toMatchObject({ status: 'placed', total: quote.total });
    expect(lines(await answer<Booking>(await engineer.send('GET', cart)))).toEqual({});
    const after = await answer<{ items: { id: string }[] }>(
      await engineer.send('GET', `${ORDERS}/orders?page=1&pageSize=10`),
    );
    expect(after.items[0]!.id).toBe(order.id);
  });

  it('places an order with the checkout page’s form: a redirect the document names', async () => {
    const engineer = apiEngineer(shop.url);
    const offerings = await browse(engineer);
    await answer(await engineer.send('POST', '/auth/sign-in', { body: DEMO }));
    const { tenantId } = await answer<{ tenantId: string }>(
      await engineer.send('GET', '/auth/session'),
    );
    await answer(
      await engineer.send(
        'PUT',
        `/api/services/booking-ms/api/v1/bookings/cart/tenant/${tenantId}/item`,
        {
          body: { offeringId: offerings.searched, quantity: 1, byCase: false },
        },
      ),
    );
    const choices = await checkoutChoices(engineer);
    const posted = await engineer.send('POST', '/checkout', {
      form: { intent: 'place-order', ...choices },
    });
    expect(posted.status).toBe(302);
    const location = new URL(posted.headers.get('location')!, shop.url);
    const orderId = /^\/orders\/([^/]+)$/.exec(location.pathname)![1]!;
    const order = await answer<{ status: string; lines: { offeringId: string }[] }>(
      await engineer.send('GET', `${ORDERS}/orders/${orderId}`),
    );
    expect(order.status).toBe('placed');
    expect(order.lines.map((line) => line.offeringId)).toContain(offerings.searched);
  });
});
