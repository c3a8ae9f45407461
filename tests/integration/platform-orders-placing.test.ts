import { describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import {
  DeliverySlotList,
  OrderQuote,
  orderPaths,
  type PlaceOrderInput,
  type QuoteInput,
} from '../../shared/contracts/orders';
import {
  addToCart,
  newShopper,
  placeOrder,
  postOrder,
  startOrdersPlatform,
} from './platform-orders-support';

// Placing orders over real HTTP against a seeded reference platform: quote, place from the cart
// (prices from the shop, cart emptied, e-mail queued, all or nothing), refusals.
const orders = startOrdersPlatform();

describe('placing an order from the cart', () => {
  it('quotes the cart at the shop prices, with the delivery fee once a slot is chosen', async () => {
    const shopper = await newShopper();
    const [a, b] = orders.offerings;
    await addToCart(shopper.token, a!.id, 2);
    await addToCart(shopper.token, b!.id, 1, true);
    const quote = OrderQuote.parse(
      await (
        await orders.platform.call(orderPaths.quote, {
          method: 'POST',
          token: shopper.token,
          body: {},
        })
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
        await orders.platform.call(orderPaths.quote, {
          method: 'POST',
          token: shopper.token,
          body: { slotId: shopper.choice.slotId },
        })
      ).json(),
    );
    expect(withSlot.deliveryFee).toBe(withSlot.subtotal >= withSlot.freeDeliveryFrom ? 0 : 495);
    expect(withSlot.total).toBe(withSlot.subtotal + withSlot.deliveryFee!);
  });

  it("quotes the slot the checkout shows with fallback 'earliest': the wanted one if bookable, else the earliest (ADR 0290)", async () => {
    const shopper = await newShopper();
    await addToCart(shopper.token, orders.offerings[0]!.id, 1);
    const quote = async (body: QuoteInput) =>
      OrderQuote.parse(
        await (
          await orders.platform.call(orderPaths.quote, {
            method: 'POST',
            token: shopper.token,
            body,
          })
        ).json(),
      );
    const slots = DeliverySlotList.parse(
      await (await orders.platform.call(orderPaths.deliverySlots, { token: shopper.token })).json(),
    );
    const [first, second, third] = slots.items.filter((slot) => slot.available);
    expect(third).toBeDefined();
    expect((await quote({ fallback: 'earliest' })).slotId).toBe(first!.id);
    const wanted = await quote({ slotId: second!.id, fallback: 'earliest' });
    expect(wanted.slotId).toBe(second!.id);
    expect(wanted.deliveryFee).toBe(wanted.subtotal >= wanted.freeDeliveryFrom ? 0 : second!.fee);
    expect((await quote({ slotId: 'slot-nope', fallback: 'earliest' })).slotId).toBe(first!.id);
    // Without the fallback, the slot as asked (none when it is not the shop's).
    expect((await quote({ slotId: second!.id })).slotId).toBe(second!.id);
    const unknown = await quote({ slotId: 'slot-nope' });
    expect([unknown.slotId, unknown.deliveryFee]).toEqual([null, null]);
    expect((await quote({})).slotId).toBeNull();
    // A full slot is not bookable: the wanted full one and a full earliest one are passed over.
    const { rows: before } = await orders.platform.db.query<{ id: string; capacity: number }>(
      'select id, capacity from delivery_slots where id = any($1)',
      [[first!.id, second!.id]],
    );
    const capacity = 'update delivery_slots set capacity = $2 where id = $1';
    for (const slot of before) await orders.platform.db.query(capacity, [slot.id, 0]);
    try {
      expect((await quote({ slotId: second!.id, fallback: 'earliest' })).slotId).toBe(third!.id);
      expect((await quote({ fallback: 'earliest' })).slotId).toBe(third!.id);
    } finally {
      for (const slot of before) await orders.platform.db.query(capacity, [slot.id, slot.capacity]);
    }
  });

  it('prices from offerings whatever the client sends, empties the cart and queues the confirmation e-mail', async () => {
    const shopper = await newShopper();
    const [a, b] = orders.offerings;
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
    const { rows: slot } = await orders.platform.db.query<{ cutoff_at: Date }>(
      'select cutoff_at from delivery_slots where id = $1',
      [order.slot.id],
    );
    expect(order.editableUntil).toBe(slot[0]!.cutoff_at.toISOString());

    const cart = Booking.parse(
      await (
        await orders.platform.call(bookingPaths.cart('fresh'), { token: shopper.token })
      ).json(),
    );
    expect(cart.items).toEqual([]);
    const mail = await orders.platform.outbox(shopper.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      kind: 'order-confirmation',
      link: `http://localhost:3000/orders/${order.id}`,
    });
    expect(mail[0]!.body).toContain(a!.name);
  });

  it('refuses an empty cart, and a double submit orders the cart once', async () => {
    const shopper = await newShopper();
    const empty = await postOrder(shopper);
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe('Your cart is empty');

    await addToCart(shopper.token, orders.offerings[0]!.id, 1);
    const both = await Promise.all([1, 2].map(() => postOrder(shopper)));
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    const { rows } = await orders.platform.db.query('select id from orders where account_id = $1', [
      shopper.accountId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an unavailable offering by name and changes nothing', async () => {
    const shopper = await newShopper();
    const gone = orders.offerings[5]!;
    await addToCart(shopper.token, orders.offerings[0]!.id, 1);
    await addToCart(shopper.token, gone.id, 2);
    await orders.platform.db.query('update offerings set available = false where id = $1', [
      gone.id,
    ]);
    try {
      const response = await postOrder(shopper);
      expect(response.status).toBe(400);
      const { message } = (await response.json()).error;
      expect(message).toContain(gone.id);
      expect(message).toContain(gone.name);
      const cart = Booking.parse(
        await (
          await orders.platform.call(bookingPaths.cart('fresh'), { token: shopper.token })
        ).json(),
      );
      expect(cart.items).toHaveLength(2);
      expect(await orders.platform.outbox(shopper.email)).toEqual([]);
      const { rows } = await orders.platform.db.query(
        'select id from orders where account_id = $1',
        [shopper.accountId],
      );
      expect(rows).toEqual([]);
    } finally {
      await orders.platform.db.query('update offerings set available = true where id = $1', [
        gone.id,
      ]);
    }
  });

  it('refuses unknown, foreign or missing address, slot and payment ids with a 400 naming them', async () => {
    const shopper = await newShopper();
    const other = await newShopper();
    await addToCart(shopper.token, orders.offerings[0]!.id, 1);
    const cases: [Partial<PlaceOrderInput>, string][] = [
      [{ addressId: other.choice.addressId }, 'Unknown delivery address'],
      [{ paymentMethodId: other.choice.paymentMethodId }, 'Unknown payment method'],
      [{ slotId: 'slot-nope' }, 'Unknown delivery slot'],
      [{ slotId: 'slot-harbour-20990101-1000' }, 'Unknown delivery slot'],
      [{ addressId: '' }, 'addressId'],
    ];
    for (const [change, message] of cases) {
      const response = await postOrder(shopper, { ...shopper.choice, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect((await response.json()).error.message).toContain(message);
    }
    const { slotId: _omitted, ...noSlot } = shopper.choice;
    const missing = await postOrder(shopper, noSlot);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toContain('slotId');
  });

  it('answers 409 when the slot is full or past its cut-off', async () => {
    const shopper = await newShopper();
    await addToCart(shopper.token, orders.offerings[0]!.id, 1);
    const slot = shopper.choice.slotId;
    await orders.platform.db.query('update delivery_slots set capacity = 0 where id = $1', [slot]);
    try {
      const full = await postOrder(shopper);
      expect(full.status).toBe(409);
      expect((await full.json()).error.message).toContain('full');
    } finally {
      await orders.platform.db.query('update delivery_slots set capacity = 12 where id = $1', [
        slot,
      ]);
    }
    const { rows } = await orders.platform.db.query<{ id: string }>(
      "select id from delivery_slots where tenant_id = 'fresh' and cutoff_at < now() and starts_at > now() - interval '300 days' limit 1",
    );
    const late = await postOrder(shopper, { ...shopper.choice, slotId: rows[0]!.id });
    expect(late.status).toBe(409);
  });
});
