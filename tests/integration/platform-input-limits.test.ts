import { describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { smartCartPaths } from '../../shared/contracts/lists';
import { orderPaths } from '../../shared/contracts/orders';
import {
  addToCart,
  errorOf,
  newShopper,
  placeOrder,
  postOrder,
  readCart,
  startOrdersPlatform,
  type Shopper,
} from './platform-orders-support';

// Inputs at the platform's limits answer a 400 that says which limit, never a 500 or a vague
// "Invalid value", and write nothing: the error inbox's event fields, a smart cart's 200 items
// (ADR 0064), a cart's 300 lines on reorder and availability on "−" (ADR 0051), an order's total
// (ADR 0061).
const orders = startOrdersPlatform();

type CodedError = { error: { code: string; message: string } };

const availableOfferings = async (count: number, order = 'o.id') =>
  (
    await orders.platform.db.query<{ id: string }>(
      `select o.id from offerings o where o.tenant_id = 'fresh' and o.available order by ${order} limit $1`,
      [count],
    )
  ).rows.map((r) => r.id);

/** The shopper's cart holding one single of each offering, written straight into the table. */
async function fillCart(shopper: Shopper, offeringIds: readonly string[]): Promise<Booking> {
  const cart = Booking.parse(
    await (await orders.platform.call(bookingPaths.cart('fresh'), { token: shopper.token })).json(),
  );
  await orders.platform.db.query(
    `insert into cart_items (uid, cart_uid, offering_id, quantity, by_case)
     select gen_random_uuid()::text, $1, id, 1, false from unnest($2::text[]) as id`,
    [cart.uid, offeringIds],
  );
  return cart;
}

describe('the error inbox intake', () => {
  const send = (event: unknown) =>
    fetch(`${orders.platform.url}/dev/errors/api/1/envelope/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: `{}\n{"type":"event"}\n${JSON.stringify(event)}\n`,
    });
  const stored = async (eventId: string) =>
    (await orders.platform.db.query('select 1 from error_events where event_id = $1', [eventId]))
      .rows.length;

  it.each([
    ['message', { event_id: 'a'.repeat(32), message: { formatted: 5 } }],
    ['exception.values', { event_id: 'b'.repeat(32), exception: { values: {} } }],
  ])(
    'refuses an event whose %s has another type, naming it, and stores nothing',
    async (field, event) => {
      const answer = await errorOf(await send(event));
      expect(answer.status).toBe(400);
      expect(answer.message).toMatch(new RegExp(`^Invalid event: ${field}: `));
      expect(await stored(event.event_id)).toBe(0);
    },
  );

  it('stores an event whose tag is over 200 characters, listed without it as Sentry keeps it', async () => {
    // Random text, so PostgreSQL cannot compress it into the CID's index (before: a 500).
    const cid = Array.from({ length: 9_000 }, () => Math.random().toString(36)[2]).join('');
    const event = { event_id: 'd'.repeat(32), message: 'long tag', tags: { cid, route: 'home' } };
    expect((await send(event)).status).toBe(200);
    type Row = { cid: unknown; route: unknown; payload: { tags: { cid: string } } };
    const { rows } = await orders.platform.db.query<Row>(
      'select cid, route, payload from error_events where event_id = $1',
      [event.event_id],
    );
    expect(rows).toEqual([{ cid: null, route: 'home', payload: expect.anything() }]);
    expect(rows[0]!.payload.tags.cid).toBe(cid);
  });

  it('still stores a well-formed event, with fields it does not read as sent', async () => {
    const event = { event_id: 'c'.repeat(32), message: 'boom', tags: [['cid', 'x']], extra: 5 };
    expect((await send(event)).status).toBe(200);
    expect(await stored(event.event_id)).toBe(1);
  });
});

describe('saving the cart as a smart cart', () => {
  it('refuses a cart of more lines than a smart cart holds (200), creating none', async () => {
    const shopper = await newShopper();
    await fillCart(shopper, await availableOfferings(201));
    const saved = await orders.platform.call(smartCartPaths.fromCart, {
      method: 'POST',
      token: shopper.token,
      body: { name: 'Everything' },
    });
    expect(await errorOf(saved)).toEqual({
      status: 400,
      message: 'A smart cart holds at most 200 items, and this one would have 201',
    });
    const { rows } = await orders.platform.db.query(
      'select 1 from smart_carts where account_id = $1',
      [shopper.accountId],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('reordering into the cart', () => {
  it('refuses to go beyond 300 lines and writes nothing, as a PUT of line 301 does', async () => {
    const shopper = await newShopper();
    const offerings = await availableOfferings(302);
    for (const id of offerings.slice(300)) await addToCart(shopper.token, id, 1);
    const order = await placeOrder(shopper);
    await fillCart(shopper, offerings.slice(0, 300));
    const before = await readCart(shopper);
    const copy = (override: boolean) =>
      orders.platform.call(
        `${bookingPaths.copyBookingToCart}?bookingId=${order.id}&override=${override}`,
        { token: shopper.token },
      );

    expect(await errorOf(await copy(false))).toEqual({
      status: 400,
      message: "A cart holds at most 300 lines: with this order's lines it would have 302",
    });
    expect(await readCart(shopper)).toEqual(before);
    const line301 = await orders.platform.call(bookingPaths.item('fresh'), {
      method: 'PUT',
      token: shopper.token,
      body: { offeringId: offerings[300], quantity: 1, byCase: false },
    });
    expect(await errorOf(line301)).toEqual({
      status: 400,
      message: 'A cart holds at most 300 lines',
    });
    // Replacing the cart's items fits.
    expect(Booking.parse(await (await copy(true)).json()).items).toHaveLength(2);
  });

  it('adds to a full cart the lines it already holds', async () => {
    const shopper = await newShopper();
    const offerings = await availableOfferings(300);
    await addToCart(shopper.token, offerings[0]!, 2);
    const order = await placeOrder(shopper);
    await fillCart(shopper, offerings);
    const copied = await orders.platform.call(
      `${bookingPaths.copyBookingToCart}?bookingId=${order.id}&override=false`,
      { token: shopper.token },
    );
    const cart = Booking.parse(await copied.json());
    expect(cart.items).toHaveLength(300);
    expect(cart.items.find((i) => i.offeringId === offerings[0])?.quantity).toBe(3);
  });
});

describe('a line of an offering withdrawn from sale', () => {
  it('can be lowered or kept, not raised; a new line of it is refused', async () => {
    const shopper = await newShopper();
    const offering = orders.offerings[2]!.id;
    await addToCart(shopper.token, offering, 3);
    await orders.platform.db.query('update offerings set available = false where id = $1', [
      offering,
    ]);
    const put = (quantity: number, byCase = false) =>
      orders.platform.call(bookingPaths.item('fresh'), {
        method: 'PUT',
        token: shopper.token,
        body: { offeringId: offering, quantity, byCase },
      });
    try {
      expect((await put(2)).status).toBe(200);
      expect((await put(2)).status).toBe(200);
      const unavailable = { status: 400, message: `Offering ${offering} is not available` };
      expect(await errorOf(await put(4))).toEqual(unavailable);
      expect(await errorOf(await put(1, true))).toEqual(unavailable);
      expect((await readCart(shopper)).items).toMatchObject([
        { offeringId: offering, quantity: 2, byCase: false },
      ]);
    } finally {
      await orders.platform.db.query('update offerings set available = true where id = $1', [
        offering,
      ]);
    }
  });

  it('makes the quote and placing refuse the cart, naming it, as items_unavailable', async () => {
    const shopper = await newShopper();
    const { id, name } = orders.offerings[3]!;
    await addToCart(shopper.token, id, 1);
    await orders.platform.db.query('update offerings set available = false where id = $1', [id]);
    try {
      // A code of its own: the checkout shows it in its page, not its error screen (ADR 0314).
      const unavailable = {
        code: 'items_unavailable',
        message: `Cannot order: ${name} (${id}) is not available`,
      };
      const quote = await orders.platform.call(orderPaths.quote, {
        method: 'POST',
        token: shopper.token,
        body: { slotId: shopper.choice.slotId },
      });
      expect(quote.status).toBe(400);
      expect(((await quote.json()) as CodedError).error).toMatchObject(unavailable);
      const placed = await postOrder(shopper);
      expect(placed.status).toBe(400);
      expect(((await placed.json()) as CodedError).error).toMatchObject(unavailable);
      expect((await readCart(shopper)).items).toHaveLength(1);
    } finally {
      await orders.platform.db.query('update offerings set available = true where id = $1', [id]);
    }
  });
});

describe('an order too large for its amounts', () => {
  it('is refused by the quote and by placing, saying so; the cart stays', async () => {
    const shopper = await newShopper();
    // 35 lines of 9999 cases of the dearest offerings: more than 10,000,000.00.
    for (const id of await availableOfferings(35, 'o.price_case_cents desc, o.id')) {
      await addToCart(shopper.token, id, 9999, true);
    }
    const tooLarge =
      /^This order is too large: its items total [\d,]+\.\d\d, at most 10,000,000\.00 is allowed$/;

    const quote = await errorOf(
      await orders.platform.call(orderPaths.quote, {
        method: 'POST',
        token: shopper.token,
        body: { slotId: shopper.choice.slotId },
      }),
    );
    expect(quote.status).toBe(400);
    expect(quote.message).toMatch(tooLarge);
    const placed = await errorOf(await postOrder(shopper));
    expect(placed.status).toBe(400);
    expect(placed.message).toMatch(tooLarge);
    expect((await readCart(shopper)).items).toHaveLength(35);
  });
});

describe('a line as large as the cart takes', () => {
  it('stays editable in the order made from it, and whole in a smart cart saved from it', async () => {
    const shopper = await newShopper();
    const [a, b] = await availableOfferings(2);
    await addToCart(shopper.token, a!, 1000);
    await addToCart(shopper.token, b!, 1);
    const saved = await orders.platform.call(smartCartPaths.fromCart, {
      method: 'POST',
      token: shopper.token,
      body: { name: 'Big week' },
    });
    expect(saved.status).toBe(201);
    const smart = (await saved.json()) as { items: { quantity: number }[] };
    expect(smart.items.map((item) => item.quantity).sort((x, y) => y - x)).toEqual([1000, 1]);

    const order = await placeOrder(shopper);
    // The order screen's lines editor sends every line back: here, the second one removed.
    const edit = await orders.platform.call(orderPaths.order(order.id), {
      method: 'PUT',
      token: shopper.token,
      body: { lines: [{ offeringId: a!, quantity: 1000, byCase: false }] },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
  });
});
