import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import {
  DeliverySlotList,
  OrderDetail,
  OrderPage,
  orderPaths,
} from '../../shared/contracts/orders';
import { profilePaths } from '../../shared/contracts/profile';
import { openDb } from '../../platform/db/db';
import { migrate, MIGRATIONS_DIR } from '../../platform/db/migrate';
import { startPlatform, type TenantKey, type TestPlatform } from '../support/platform';

// Short order numbers (issue #9 point 5, docs/decisions/0165): per shop, sequential from 10001,
// unique under concurrent orders, in the API, the list's item previews and the e-mail; orders
// placed before the migration numbered in the order they were placed.
let platform: TestPlatform;
let accountSeq = 0;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.close());

const demoToken = (tenant: TenantKey) =>
  platform.tokenFor({
    principalId: `acc-${tenant}-demo`,
    accountId: `acc-${tenant}-demo`,
    tenantId: tenant,
  });

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** A new shopper of `tenant` with an address, a card and one product in the cart. */
async function shopperWithCart(tenant: TenantKey) {
  const accountId = `acc-numbers-${++accountSeq}`;
  const email = `numbers${accountSeq}@example.com`;
  await platform.db.query(
    `insert into accounts (id, tenant_id, email, login, password_hash, activated)
     values ($1, $2, $3, $3, 'x', true)`,
    [accountId, tenant, email],
  );
  const token = await platform.tokenFor({ principalId: accountId, accountId, tenantId: tenant });
  const call = (path: string, body?: unknown) =>
    platform.call(path, { tenant, token, method: body ? 'POST' : 'GET', body });
  const address = await json<{ id: string }>(
    // Each shop delivers to its own country (ADR 0340).
    await call(
      profilePaths.addresses,
      tenant === 'harbour'
        ? { name: 'Ann', line1: '1 Quay St', postcode: 'TR18 4BD', city: 'Penzance', country: 'GB' }
        : { name: 'Ann', line1: '1 Main St', postcode: 'D01 F5P2', city: 'Dublin', country: 'IE' },
    ),
    201,
  );
  const card = await json<{ id: string }>(
    await call(profilePaths.paymentMethods, {
      cardNumber: '4242 4242 4242 4242',
      expiryMonth: 12,
      expiryYear: 2099,
      holderName: 'Ann',
    }),
    201,
  );
  const { rows } = await platform.db.query<{ id: string }>(
    'select id from offerings where tenant_id = $1 and available order by id limit 1',
    [tenant],
  );
  await json(
    await platform.call(bookingPaths.item(tenant), {
      method: 'PUT',
      tenant,
      token,
      body: { offeringId: rows[0]!.id, quantity: 1, byCase: false },
    }),
  );
  const slots = DeliverySlotList.parse(await json(await call(orderPaths.deliverySlots)));
  const choice = {
    addressId: address.id,
    paymentMethodId: card.id,
    slotId: slots.items.find((slot) => slot.available)!.id,
  };
  return {
    email,
    place: async () => OrderDetail.parse(await json(await call(orderPaths.orders, choice), 201)),
  };
}

describe('order numbers', () => {
  it("numbers each shop's seeded orders 10001-10003, oldest first, and lists them with their first items and pictures", async () => {
    for (const tenant of ['fresh', 'harbour'] as const) {
      const page = OrderPage.parse(
        await json(
          await platform.call(`${orderPaths.orders}?pageSize=100`, {
            tenant,
            token: await demoToken(tenant),
          }),
        ),
      );
      const seeded = page.items.filter((order) => order.id.includes('-demo-'));
      // Newest first: the upcoming order (demo-3) is 10003.
      expect(seeded.map((order) => [order.id, order.number])).toEqual([
        [`ord-${tenant}-demo-3`, '10003'],
        [`ord-${tenant}-demo-2`, '10002'],
        [`ord-${tenant}-demo-1`, '10001'],
      ]);
      const second = seeded[1]!;
      expect(second.lineCount).toBe(4);
      expect(second.preview).toHaveLength(3);
      const detail = OrderDetail.parse(
        await json(
          await platform.call(orderPaths.order(second.id), {
            tenant,
            token: await demoToken(tenant),
          }),
        ),
      );
      expect(detail.number).toBe('10002');
      expect(second.preview.map((line) => [line.productName, line.quantity])).toEqual(
        detail.lines.slice(0, 3).map((line) => [line.productName, line.quantity]),
      );
      for (const line of second.preview) {
        expect(line.image).toMatch(/^\/api\/services\/catalogue\/api\/v1\/images\/.+\/1\.svg$/);
        const picture = await platform.call(line.image!, { tenant });
        expect(picture.status).toBe(200);
        expect(picture.headers.get('content-type')).toMatch(/svg/);
      }
    }
  });

  it('gives orders placed at the same time distinct consecutive numbers, counted per shop, and puts the number in the e-mail', async () => {
    const fresh = await Promise.all([1, 2, 3, 4].map(() => shopperWithCart('fresh')));
    const harbour = await shopperWithCart('harbour');
    const before = await platform.db.query<{ tenant_id: string; last_number: number }>(
      'select tenant_id, last_number from order_numbers order by tenant_id',
    );
    const last = Object.fromEntries(before.rows.map((r) => [r.tenant_id, r.last_number]));
    const placed = await Promise.all(fresh.map((shopper) => shopper.place()));
    const numbers = placed.map((order) => Number(order.number)).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4].map((n) => last.fresh! + n));
    // Harbour's counter did not move with Fresh Market's orders.
    const harbourOrder = await harbour.place();
    expect(harbourOrder.number).toBe(String(last.harbour! + 1));

    const [mail] = await platform.outbox(fresh[0]!.email);
    const mine = placed[0]!;
    expect(mail!.subject).toContain(`order ${mine.number} confirmed`);
    expect(mail!.body).toContain(`your order ${mine.number} at`);
    expect(mail!.subject).not.toContain(mine.id);
  });
});

describe('the order-number migration', () => {
  it('numbers orders placed before it per shop in the order they were placed, and new orders continue from there', async () => {
    const before = await mkdtemp(join(tmpdir(), 'order-numbers-'));
    const db = await openDb({});
    try {
      await cp(MIGRATIONS_DIR, before, {
        recursive: true,
        filter: (source) => !/(^|\/)0(0[89]|[1-9]\d)_[^/]*\.sql$/.test(source),
      });
      await migrate(db, before);
      await db.exec(`
        insert into tenants (id, host, origin, name, currency, locale) values
          ('a', 'a.test', 'http://a.test', 'A', 'EUR', 'en-IE'),
          ('b', 'b.test', 'http://b.test', 'B', 'EUR', 'en-IE');
        insert into accounts (id, tenant_id, email, login, password_hash) values
          ('acc-a', 'a', 'a@x', 'a@x', 'x'), ('acc-b', 'b', 'b@x', 'b@x', 'x');
        insert into delivery_slots (id, tenant_id, starts_at, ends_at, cutoff_at, capacity, fee_cents) values
          ('s-a', 'a', now(), now() + interval '1 hour', now(), 9, 0),
          ('s-b', 'b', now(), now() + interval '1 hour', now(), 9, 0);`);
      const order = (id: string, tenant: string, daysAgo: number) =>
        db.query(
          `insert into orders (id, tenant_id, account_id, status, address, slot_id, payment, subtotal_cents,
             delivery_fee_cents, total_cents, currency, cutoff_at, created_at)
           values ($1, $2, $3, 'placed', '{}', $4, '{}', 0, 0, 0, 'EUR', now(), now() - make_interval(days => $5))`,
          [id, tenant, `acc-${tenant}`, `s-${tenant}`, daysAgo],
        );
      await order('ord-a-new', 'a', 1);
      await order('ord-a-old', 'a', 9);
      await order('ord-b-only', 'b', 5);
      expect(await migrate(db)).toContain('008_order_numbers.sql');
      const { rows } = await db.query<{ id: string; number: number }>(
        'select id, number from orders order by id',
      );
      expect(rows).toEqual([
        { id: 'ord-a-new', number: 10002 },
        { id: 'ord-a-old', number: 10001 },
        { id: 'ord-b-only', number: 10001 },
      ]);
      const { nextOrderNumber } = await import('../../platform/services/orders/order-number');
      expect(await db.transaction((tx) => nextOrderNumber(tx, 'a'))).toBe(10003);
      expect(await db.transaction((tx) => nextOrderNumber(tx, 'b'))).toBe(10002);
    } finally {
      await db.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});
