import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking, bookingPaths } from '../../shared/contracts/booking';
import { startPlatform, type TestPlatform } from '../support/platform';

// Specification call 7 (reorder): a past order's lines go into the cart, replacing or merging.
// Orders are written straight into the tables here so this test does not depend on checkout.
let platform: TestPlatform;
let account: string;
const [o1, o2, o3] = ['off-fresh-prd-0001', 'off-fresh-prd-0002', 'off-fresh-prd-0003'];

async function placeOrder(
  id: string,
  accountId: string,
  tenantId: string,
  lines: [string, number, boolean][],
) {
  const db = platform.db;
  await db.query(
    `insert into delivery_slots (id, tenant_id, starts_at, ends_at, cutoff_at, capacity, fee_cents)
     values ($1, $2, now(), now() + interval '1 hour', now(), 10, 0) on conflict do nothing`,
    [`slot-test-${tenantId}`, tenantId],
  );
  await db.query(
    `insert into orders (id, tenant_id, account_id, status, address, slot_id, payment, subtotal_cents,
       delivery_fee_cents, total_cents, currency, cutoff_at, number)
     values ($1, $2, $3, 'delivered', '{}', $4, '{}', 0, 0, 0, 'EUR', now(),
       (select coalesce(max(number), 10000) + 1 from orders where tenant_id = $2))`,
    [id, tenantId, accountId, `slot-test-${tenantId}`],
  );
  for (const [position, [offeringId, quantity, byCase]] of lines.entries()) {
    await db.query(
      `insert into order_lines (order_id, position, offering_id, product_name, quantity, by_case, unit_price_cents, line_total_cents)
       values ($1, $2, $3, 'x', $4, $5, 100, 100)`,
      [id, position, offeringId, quantity, byCase],
    );
  }
}

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core', 'catalogue'] });
  await platform.db.query('update offerings set available = true where id in ($1, $2, $3)', [
    o1,
    o2,
    o3,
  ]);
  await placeOrder('ord-copy-1', 'acc-fresh-demo', 'fresh', [
    [o1, 2, false],
    [o2, 1, true],
    [o1, 1, false],
  ]);
  await placeOrder('ord-copy-harbour', 'acc-harbour-demo', 'harbour', [
    ['off-harbour-prd-0001', 1, false],
  ]);
  account = await platform.tokenFor({
    principalId: 'acc-fresh-demo',
    accountId: 'acc-fresh-demo',
    tenantId: 'fresh',
  });
});
afterAll(() => platform.close());

const copy = (query: string, token = account) =>
  platform.call(`${bookingPaths.copyBookingToCart}?${query}`, { token });
const lines = (b: Booking) => b.items.map((i) => [i.offeringId, i.quantity, i.byCase]);

describe('copyBookingToCart', () => {
  it('merges an order into the cart by default, summing quantities', async () => {
    await platform.call(bookingPaths.item('fresh'), {
      method: 'PUT',
      token: account,
      body: { offeringId: o1, quantity: 4, byCase: false },
    });
    await platform.call(bookingPaths.item('fresh'), {
      method: 'PUT',
      token: account,
      body: { offeringId: o3, quantity: 1, byCase: false },
    });
    const response = await copy('bookingId=ord-copy-1');
    expect(response.status).toBe(200);
    const cart = Booking.parse(await response.json());
    expect(lines(cart)).toEqual(
      expect.arrayContaining([
        [o1, 7, false],
        [o3, 1, false],
        [o2, 1, true],
      ]),
    );
    expect(cart.items).toHaveLength(3);
  });

  it('replaces the cart with override=true', async () => {
    const cart = Booking.parse(await (await copy('bookingId=ord-copy-1&override=true')).json());
    expect(lines(cart).sort()).toEqual(
      [
        [o1, 3, false],
        [o2, 1, true],
      ].sort(),
    );
  });

  it("refuses guests (401), other accounts' and unknown orders (404), bad queries (400)", async () => {
    const guest = await platform.tokenFor({
      principalId: 'guest:copy',
      accountId: null,
      tenantId: 'fresh',
    });
    expect((await copy('bookingId=ord-copy-1', guest)).status).toBe(401);
    expect((await copy('bookingId=ord-copy-harbour')).status).toBe(404);
    expect((await copy('bookingId=ord-nope')).status).toBe(404);
    expect((await copy('')).status).toBe(400);
    const bad = await copy('bookingId=ord-copy-1&override=maybe');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/override/);
  });
});
