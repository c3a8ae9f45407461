import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { DeliverySlotList, OrderDetail, orderPaths } from '../../shared/contracts/orders';
import { profilePaths } from '../../shared/contracts/profile';
import { startPlatform, type TestPlatform } from '../support/platform';

// Changing and cancelling an order over real HTTP: allowed until the cut-off, 409 after it or
// once the order is cancelled or delivered; lines already ordered keep their agreed price.
let platform: TestPlatform;
let token: string;
let offerings: { id: string; single: number; case: number }[];
let slots: string[];
let addressIds: string[];
let paymentMethodId: string;

beforeAll(async () => {
  platform = await startPlatform();
  await platform.db.query(
    `insert into accounts (id, tenant_id, email, login, password_hash, activated)
     values ('acc-edit', 'fresh', 'edit@example.com', 'edit@example.com', 'x', true)`,
  );
  token = await platform.tokenFor({
    principalId: 'acc-edit',
    accountId: 'acc-edit',
    tenantId: 'fresh',
  });
  const { rows } = await platform.db.query<{
    id: string;
    price_single_cents: number;
    price_case_cents: number;
  }>(
    "select id, price_single_cents, price_case_cents from offerings where tenant_id = 'fresh' and available order by id limit 5 offset 20",
  );
  offerings = rows.map((r) => ({
    id: r.id,
    single: r.price_single_cents,
    case: r.price_case_cents,
  }));
  addressIds = [];
  for (const line1 of ['1 First St', '2 Second St']) {
    const response = await platform.call(profilePaths.addresses, {
      method: 'POST',
      token,
      body: { name: 'Eddie', line1, postcode: 'D02 X285', city: 'Dublin', country: 'IE' },
    });
    addressIds.push((await response.json()).id);
  }
  const card = await platform.call(profilePaths.paymentMethods, {
    method: 'POST',
    token,
    body: { cardNumber: '5555555555554444', expiryMonth: 1, expiryYear: 2099, holderName: 'Eddie' },
  });
  paymentMethodId = (await card.json()).id;
  const list = DeliverySlotList.parse(
    await (await platform.call(orderPaths.deliverySlots, { token })).json(),
  );
  slots = list.items.filter((s) => s.available).map((s) => s.id);
});
afterAll(() => platform.close());

async function newOrder(): Promise<OrderDetail> {
  await platform.call(bookingPaths.item('fresh'), {
    method: 'PUT',
    token,
    body: { offeringId: offerings[0]!.id, quantity: 2, byCase: false },
  });
  const response = await platform.call(orderPaths.orders, {
    method: 'POST',
    token,
    body: { addressId: addressIds[0], slotId: slots[0], paymentMethodId },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return OrderDetail.parse(await response.json());
}

const edit = (id: string, body: unknown) =>
  platform.call(orderPaths.order(id), { method: 'PUT', token, body });
const cancel = (id: string) => platform.call(orderPaths.cancel(id), { method: 'POST', token });

describe('changing an order before the cut-off', () => {
  it("replaces the lines: kept lines keep their price, new lines get today's price", async () => {
    const order = await newOrder();
    const [kept, added] = offerings;
    // The shop raises the price after the order: the shopper keeps the price they agreed to.
    await platform.db.query(
      'update offerings set price_single_cents = price_single_cents + 100 where id = $1',
      [kept!.id],
    );
    try {
      const response = await edit(order.id, {
        lines: [
          { offeringId: kept!.id, quantity: 3, byCase: false },
          { offeringId: added!.id, quantity: 1, byCase: true },
        ],
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const changed = OrderDetail.parse(await response.json());
      expect(
        changed.lines.map((l) => [l.offeringId, l.quantity, l.unitPrice, l.lineTotal]),
      ).toEqual([
        [kept!.id, 3, kept!.single, kept!.single * 3],
        [added!.id, 1, added!.case, added!.case],
      ]);
      expect(changed.subtotal).toBe(kept!.single * 3 + added!.case);
      expect(changed.total).toBe(changed.subtotal + changed.deliveryFee);
      const again = OrderDetail.parse(
        await (await platform.call(orderPaths.order(order.id), { token })).json(),
      );
      expect(again.lines).toEqual(changed.lines);
    } finally {
      await platform.db.query(
        'update offerings set price_single_cents = price_single_cents - 100 where id = $1',
        [kept!.id],
      );
    }
  });

  it('moves the order to another slot (and cut-off), address and notes', async () => {
    const order = await newOrder();
    const response = await edit(order.id, {
      slotId: slots[1],
      addressId: addressIds[1],
      notes: 'Ring twice',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const changed = OrderDetail.parse(await response.json());
    expect(changed.slot.id).toBe(slots[1]);
    const { rows } = await platform.db.query<{ cutoff_at: Date }>(
      'select cutoff_at from delivery_slots where id = $1',
      [slots[1]],
    );
    expect(changed.editableUntil).toBe(rows[0]!.cutoff_at.toISOString());
    expect(changed.address.line1).toBe('2 Second St');
    expect(changed.addressId).toBe(addressIds[1]);
    expect(changed.notes).toBe('Ring twice');
    expect(changed.lines).toEqual(order.lines);
  });

  it('refuses bad changes with a 400 and leaves the order as it was', async () => {
    const order = await newOrder();
    for (const body of [
      {},
      { lines: [] },
      { lines: [{ offeringId: offerings[1]!.id, quantity: 0 }] },
      { lines: [{ offeringId: 'off-nope', quantity: 1 }] },
      { addressId: 'adr-nope' },
      { slotId: 'slot-nope' },
    ]) {
      const response = await edit(order.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.message.length).toBeGreaterThan(5);
    }
    const again = OrderDetail.parse(
      await (await platform.call(orderPaths.order(order.id), { token })).json(),
    );
    expect(again).toEqual(order);
  });

  it('answers 409 after the cut-off, for both changing and cancelling', async () => {
    const order = await newOrder();
    await platform.db.query(
      "update orders set cutoff_at = now() - interval '1 minute' where id = $1",
      [order.id],
    );
    const detail = OrderDetail.parse(
      await (await platform.call(orderPaths.order(order.id), { token })).json(),
    );
    expect(detail.editable).toBe(false);
    const changed = await edit(order.id, { notes: 'too late' });
    expect(changed.status).toBe(409);
    expect((await changed.json()).error.message).toContain('cut-off');
    expect((await cancel(order.id)).status).toBe(409);
  });
});

describe('cancelling an order', () => {
  it('cancels once; a cancelled order cannot be changed or cancelled again, and frees its slot place', async () => {
    const order = await newOrder();
    const taken = async () =>
      (
        await platform.db.query<{ n: number }>(
          "select count(*)::int as n from orders where slot_id = $1 and status = 'placed'",
          [order.slot.id],
        )
      ).rows[0]!.n;
    const before = await taken();
    const response = await cancel(order.id);
    expect(response.status).toBe(200);
    expect(OrderDetail.parse(await response.json())).toMatchObject({
      status: 'cancelled',
      editable: false,
    });
    expect(await taken()).toBe(before - 1);
    const twice = await cancel(order.id);
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.message).toContain('cancelled');
    expect((await edit(order.id, { notes: 'x' })).status).toBe(409);
  });

  it("refuses to cancel a delivered order, and hides other shoppers' orders", async () => {
    const order = await newOrder();
    await platform.db.query("update orders set status = 'delivered' where id = $1", [order.id]);
    expect((await cancel(order.id)).status).toBe(409);
    const demo = await platform.tokenFor({
      principalId: 'acc-fresh-demo',
      accountId: 'acc-fresh-demo',
      tenantId: 'fresh',
    });
    const placed = await newOrder();
    for (const response of [
      await platform.call(orderPaths.cancel(placed.id), { method: 'POST', token: demo }),
      await platform.call(orderPaths.order(placed.id), {
        method: 'PUT',
        token: demo,
        body: { notes: 'mine now' },
      }),
      await cancel('ord-fresh-demo-3'),
    ]) {
      expect(response.status).toBe(404);
    }
    const guest = await platform.tokenFor({
      principalId: 'guest:edit',
      accountId: null,
      tenantId: 'fresh',
    });
    expect(
      (await platform.call(orderPaths.cancel(placed.id), { method: 'POST', token: guest })).status,
    ).toBe(401);
  });
});
