import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import {
  DeliverySlotList,
  OrderDetail,
  OrderPage,
  OrderQuote,
  orderPaths,
  type PlaceOrderInput,
} from '../../shared/contracts/orders';
import { profilePaths } from '../../shared/contracts/profile';
import { seed as commerceSeed } from '../../platform/seed/03-commerce';
import { startPlatform, type TestPlatform } from '../support/platform';

// Orders over real HTTP against a seeded reference platform: quote, place from the cart (prices
// from the shop, cart emptied, e-mail queued, all or nothing), list, detail, access rules.
let platform: TestPlatform;
let offerings: { id: string; single: number; case: number; name: string }[];
let accountSeq = 0;

beforeAll(async () => {
  platform = await startPlatform();
  const { rows } = await platform.db.query<{
    id: string;
    price_single_cents: number;
    price_case_cents: number;
    name: string;
  }>(
    `select o.id, o.price_single_cents, o.price_case_cents, p.name from offerings o join products p on p.id = o.product_id
     where o.tenant_id = 'fresh' and o.available order by o.id desc limit 10`,
  );
  offerings = rows.map((r) => ({
    id: r.id,
    single: r.price_single_cents,
    case: r.price_case_cents,
    name: r.name,
  }));
});
afterAll(() => platform.close());

type Shopper = {
  token: string;
  accountId: string;
  email: string;
  choice: Required<PlaceOrderInput>;
};

/** A new signed-in shopper of `fresh` with an address and a card, and the first bookable slot. */
async function newShopper(): Promise<Shopper> {
  const accountId = `acc-orders-${++accountSeq}`;
  const email = `orders${accountSeq}@example.com`;
  await platform.db.query(
    `insert into accounts (id, tenant_id, email, login, password_hash, first_name, activated)
     values ($1, 'fresh', $2, $2, 'x', 'Olive', true)`,
    [accountId, email],
  );
  const token = await platform.tokenFor({ principalId: accountId, accountId, tenantId: 'fresh' });
  const address = await platform.call(profilePaths.addresses, {
    method: 'POST',
    token,
    body: {
      name: 'Olive',
      line1: '1 Main St',
      postcode: 'D01',
      city: 'Dublin',
      country: 'Ireland',
    },
  });
  const card = await platform.call(profilePaths.paymentMethods, {
    method: 'POST',
    token,
    body: {
      cardNumber: '4242 4242 4242 4242',
      expiryMonth: 12,
      expiryYear: 2099,
      holderName: 'Olive',
    },
  });
  const slots = DeliverySlotList.parse(
    await (await platform.call(orderPaths.deliverySlots, { token })).json(),
  );
  const slot = slots.items.find((s) => s.available)!;
  return {
    token,
    accountId,
    email,
    choice: {
      addressId: (await address.json()).id,
      paymentMethodId: (await card.json()).id,
      slotId: slot.id,
      notes: '',
    },
  };
}

async function addToCart(
  token: string,
  offeringId: string,
  quantity: number,
  byCase = false,
): Promise<Booking> {
  const response = await platform.call(bookingPaths.item('fresh'), {
    method: 'PUT',
    token,
    body: { offeringId, quantity, byCase },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return Booking.parse(await response.json());
}

async function placeOrder(shopper: Shopper, body: unknown = shopper.choice): Promise<OrderDetail> {
  const response = await platform.call(orderPaths.orders, {
    method: 'POST',
    token: shopper.token,
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return OrderDetail.parse(await response.json());
}

describe('placing an order from the cart', () => {
  it('quotes the cart at the shop prices, with the delivery fee once a slot is chosen', async () => {
    const shopper = await newShopper();
    const [a, b] = offerings;
    await addToCart(shopper.token, a!.id, 2);
    await addToCart(shopper.token, b!.id, 1, true);
    const quote = OrderQuote.parse(
      await (
        await platform.call(orderPaths.quote, { method: 'POST', token: shopper.token, body: {} })
      ).json(),
    );
    expect(quote.lines.map((l) => [l.offeringId, l.unitPrice, l.lineTotal, l.productName])).toEqual(
      [
        [a!.id, a!.single, a!.single * 2, a!.name],
        [b!.id, b!.case, b!.case, b!.name],
      ],
    );
    expect(quote.subtotal).toBe(a!.single * 2 + b!.case);
    expect(quote.deliveryFee).toBeNull();
    expect(quote.currency).toBe('EUR');
    const withSlot = OrderQuote.parse(
      await (
        await platform.call(orderPaths.quote, {
          method: 'POST',
          token: shopper.token,
          body: { slotId: shopper.choice.slotId },
        })
      ).json(),
    );
    expect(withSlot.deliveryFee).toBe(withSlot.subtotal >= withSlot.freeDeliveryFrom ? 0 : 495);
    expect(withSlot.total).toBe(withSlot.subtotal + withSlot.deliveryFee!);
  });

  it('prices from offerings whatever the client sends, empties the cart and queues the confirmation e-mail', async () => {
    const shopper = await newShopper();
    const [a, b] = offerings;
    await addToCart(shopper.token, a!.id, 3);
    await addToCart(shopper.token, b!.id, 1);
    const tampered = {
      ...shopper.choice,
      notes: 'Back door',
      total: 1,
      subtotal: 1,
      lines: [{ offeringId: a!.id, quantity: 3, unitPrice: 1 }],
    };
    const order = await placeOrder(shopper, tampered);
    expect(order.status).toBe('placed');
    expect(order.subtotal).toBe(a!.single * 3 + b!.single);
    expect(order.lines.map((l) => l.unitPrice)).toEqual([a!.single, b!.single]);
    expect(order.total).toBe(order.subtotal + order.deliveryFee);
    expect(order.notes).toBe('Back door');
    expect(order.payment).toEqual({ brand: 'visa', last4: '4242' });
    expect(order.address.line1).toBe('1 Main St');
    expect(order.editable).toBe(true);
    const { rows: slot } = await platform.db.query<{ cutoff_at: Date }>(
      'select cutoff_at from delivery_slots where id = $1',
      [order.slot.id],
    );
    expect(order.editableUntil).toBe(slot[0]!.cutoff_at.toISOString());

    const cart = Booking.parse(
      await (await platform.call(bookingPaths.cart('fresh'), { token: shopper.token })).json(),
    );
    expect(cart.items).toEqual([]);
    const mail = await platform.outbox(shopper.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      kind: 'order-confirmation',
      link: `http://localhost:3000/orders/${order.id}`,
    });
    expect(mail[0]!.body).toContain(a!.name);
  });

  it('refuses an empty cart, and a double submit orders the cart once', async () => {
    const shopper = await newShopper();
    const empty = await platform.call(orderPaths.orders, {
      method: 'POST',
      token: shopper.token,
      body: shopper.choice,
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe('Your cart is empty');

    await addToCart(shopper.token, offerings[0]!.id, 1);
    const both = await Promise.all(
      [1, 2].map(() =>
        platform.call(orderPaths.orders, {
          method: 'POST',
          token: shopper.token,
          body: shopper.choice,
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    const { rows } = await platform.db.query('select id from orders where account_id = $1', [
      shopper.accountId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an unavailable offering by name and changes nothing', async () => {
    const shopper = await newShopper();
    const gone = offerings[5]!;
    await addToCart(shopper.token, offerings[0]!.id, 1);
    await addToCart(shopper.token, gone.id, 2);
    await platform.db.query('update offerings set available = false where id = $1', [gone.id]);
    try {
      const response = await platform.call(orderPaths.orders, {
        method: 'POST',
        token: shopper.token,
        body: shopper.choice,
      });
      expect(response.status).toBe(400);
      const { message } = (await response.json()).error;
      expect(message).toContain(gone.id);
      expect(message).toContain(gone.name);
      const cart = Booking.parse(
        await (await platform.call(bookingPaths.cart('fresh'), { token: shopper.token })).json(),
      );
      expect(cart.items).toHaveLength(2);
      expect(await platform.outbox(shopper.email)).toEqual([]);
      const { rows } = await platform.db.query('select id from orders where account_id = $1', [
        shopper.accountId,
      ]);
      expect(rows).toEqual([]);
    } finally {
      await platform.db.query('update offerings set available = true where id = $1', [gone.id]);
    }
  });

  it('refuses unknown, foreign or missing address, slot and payment ids with a 400 naming them', async () => {
    const shopper = await newShopper();
    const other = await newShopper();
    await addToCart(shopper.token, offerings[0]!.id, 1);
    const cases: [Partial<PlaceOrderInput>, string][] = [
      [{ addressId: other.choice.addressId }, 'Unknown delivery address'],
      [{ paymentMethodId: other.choice.paymentMethodId }, 'Unknown payment method'],
      [{ slotId: 'slot-nope' }, 'Unknown delivery slot'],
      [{ slotId: 'slot-harbour-20990101-1000' }, 'Unknown delivery slot'],
      [{ addressId: '' }, 'addressId'],
    ];
    for (const [change, message] of cases) {
      const response = await platform.call(orderPaths.orders, {
        method: 'POST',
        token: shopper.token,
        body: { ...shopper.choice, ...change },
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect((await response.json()).error.message).toContain(message);
    }
    const { slotId: _omitted, ...noSlot } = shopper.choice;
    const missing = await platform.call(orderPaths.orders, {
      method: 'POST',
      token: shopper.token,
      body: noSlot,
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toContain('slotId');
  });

  it('answers 409 when the slot is full or past its cut-off', async () => {
    const shopper = await newShopper();
    await addToCart(shopper.token, offerings[0]!.id, 1);
    const slot = shopper.choice.slotId;
    await platform.db.query('update delivery_slots set capacity = 0 where id = $1', [slot]);
    try {
      const full = await platform.call(orderPaths.orders, {
        method: 'POST',
        token: shopper.token,
        body: shopper.choice,
      });
      expect(full.status).toBe(409);
      expect((await full.json()).error.message).toContain('full');
    } finally {
      await platform.db.query('update delivery_slots set capacity = 12 where id = $1', [slot]);
    }
    const { rows } = await platform.db.query<{ id: string }>(
      "select id from delivery_slots where tenant_id = 'fresh' and cutoff_at < now() and starts_at > now() - interval '300 days' limit 1",
    );
    const late = await platform.call(orderPaths.orders, {
      method: 'POST',
      token: shopper.token,
      body: { ...shopper.choice, slotId: rows[0]!.id },
    });
    expect(late.status).toBe(409);
  });
});

describe('reading orders', () => {
  it("lists newest first with pagination and shows only the shopper's own orders", async () => {
    const shopper = await newShopper();
    const placed: string[] = [];
    for (const offering of offerings.slice(0, 3)) {
      await addToCart(shopper.token, offering.id, 1);
      placed.push((await placeOrder(shopper)).id);
    }
    const page1 = OrderPage.parse(
      await (
        await platform.call(`${orderPaths.orders}?page=1&pageSize=2`, { token: shopper.token })
      ).json(),
    );
    expect(page1.total).toBe(3);
    expect(page1.items.map((o) => o.id)).toEqual([placed[2], placed[1]]);
    expect(page1.items[0]).toMatchObject({
      status: 'placed',
      currency: 'EUR',
      lineCount: 1,
      smartCartId: null,
    });
    const page2 = OrderPage.parse(
      await (
        await platform.call(`${orderPaths.orders}?page=2&pageSize=2`, { token: shopper.token })
      ).json(),
    );
    expect(page2.items.map((o) => o.id)).toEqual([placed[0]]);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });

    const other = await newShopper();
    const foreign = await platform.call(orderPaths.order(placed[0]!), { token: other.token });
    expect(foreign.status).toBe(404);
    const theirs = OrderPage.parse(
      await (await platform.call(orderPaths.orders, { token: other.token })).json(),
    );
    expect(theirs.total).toBe(0);
  });

  it('shows the seeded history of the demo shopper with one editable order', async () => {
    // The seeded database may be a cached dump from days ago: a start re-runs the seed, and so do we.
    await commerceSeed(platform.db);
    const token = await platform.tokenFor({
      principalId: 'acc-fresh-demo',
      accountId: 'acc-fresh-demo',
      tenantId: 'fresh',
    });
    const page = OrderPage.parse(await (await platform.call(orderPaths.orders, { token })).json());
    const seeded = page.items.filter((o) => o.id.startsWith('ord-fresh-demo-'));
    expect(seeded.map((o) => o.status).sort()).toEqual(['delivered', 'delivered', 'placed']);
    const upcoming = OrderDetail.parse(
      await (await platform.call(orderPaths.order('ord-fresh-demo-3'), { token })).json(),
    );
    expect(upcoming.editable).toBe(true);
  });

  it('answers 401 to guests and to a token of another shop', async () => {
    const guest = await platform.tokenFor({
      principalId: 'guest:orders',
      accountId: null,
      tenantId: 'fresh',
    });
    const harbour = await platform.tokenFor({
      principalId: 'acc-harbour-demo',
      accountId: 'acc-harbour-demo',
      tenantId: 'harbour',
    });
    for (const token of [undefined, guest, harbour]) {
      for (const [path, method] of [
        [orderPaths.orders, 'GET'],
        [orderPaths.quote, 'POST'],
        [orderPaths.deliverySlots, 'GET'],
        [orderPaths.order('ord-fresh-demo-1'), 'GET'],
      ] as const) {
        const response = await platform.call(path, {
          method,
          token,
          body: method === 'POST' ? {} : undefined,
        });
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    }
  });

  it('answers bad queries and bodies with a 400 and a message, never a 500', async () => {
    const shopper = await newShopper();
    const bad: [string, string, unknown][] = [
      [`${orderPaths.orders}?page=0`, 'GET', undefined],
      [`${orderPaths.orders}?pageSize=abc`, 'GET', undefined],
      [orderPaths.orders, 'POST', { addressId: 5, slotId: [], paymentMethodId: null }],
      [orderPaths.orders, 'POST', 'not an object'],
      [orderPaths.quote, 'POST', { slotId: 42 }],
      [orderPaths.order('x'.repeat(150)), 'GET', undefined],
    ];
    for (const [path, method, body] of bad) {
      const response = await platform.call(path, { method, token: shopper.token, body });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect((await response.json()).error.message).toMatch(/Invalid/);
    }
    const broken = await fetch(platform.url + orderPaths.orders, {
      method: 'POST',
      headers: { ...platform.headers('fresh', shopper.token), 'content-type': 'application/json' },
      body: '{"addressId":',
    });
    expect(broken.status).toBe(400);
  });
});
