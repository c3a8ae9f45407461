import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliverySlotList, OrderDetail, orderPaths } from '../../shared/contracts/orders';
import { seed as commerceSeed } from '../../platform/seed/03-commerce';
import { startPlatform, type TenantKey, type TestPlatform } from '../support/platform';

// The commerce seed and the rolling delivery slots: demo data per shop, idempotent re-runs, the
// demo's upcoming order kept editable over time, slots generated per day from the shop's template.
let platform: TestPlatform;

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

const TABLES = [
  'delivery_addresses',
  'payment_methods',
  'orders',
  'order_lines',
  'shopping_lists',
  'shopping_list_items',
  'smart_carts',
  'smart_cart_items',
  'delivery_policies',
  'delivery_slot_templates',
];

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    result[table] = (
      await platform.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
    ).rows[0]!.n;
  }
  return result;
}

describe('the commerce seed', () => {
  it('gives each demo shopper two addresses (one default), a visa 4242, three orders, a list of 5 and a smart cart of 4', async () => {
    for (const tenant of ['fresh', 'harbour'] as const) {
      const account = `acc-${tenant}-demo`;
      const q = async (sql: string) => (await platform.db.query(sql, [account])).rows;
      expect(
        await q(
          'select is_default from delivery_addresses where account_id = $1 order by is_default desc',
        ),
      ).toEqual([{ is_default: true }, { is_default: false }]);
      expect(await q('select brand, last4 from payment_methods where account_id = $1')).toEqual([
        { brand: 'visa', last4: '4242' },
      ]);
      expect(
        (await q('select status from orders where account_id = $1 order by id')).map(
          (r) => r.status,
        ),
      ).toEqual(['delivered', 'delivered', 'placed']);
      expect(
        await q(
          'select count(*)::int as n from shopping_list_items i join shopping_lists l on l.id = i.list_id where l.account_id = $1',
        ),
      ).toEqual([{ n: 5 }]);
      expect(
        await q(
          'select count(*)::int as n from smart_cart_items i join smart_carts c on c.id = i.smart_cart_id where c.account_id = $1',
        ),
      ).toEqual([{ n: 4 }]);
    }
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    const orders = (await platform.db.query('select * from orders order by id')).rows;
    await commerceSeed(platform.db);
    expect(await counts()).toEqual(before);
    expect((await platform.db.query('select * from orders order by id')).rows).toEqual(orders);
  });

  it("moves the demo's upcoming order to a future slot when its cut-off has passed", async () => {
    const token = await demoToken('fresh');
    const { rows } = await platform.db.query<{ id: string }>(
      "select id from delivery_slots where tenant_id = 'fresh' and cutoff_at < now() order by starts_at limit 1",
    );
    await platform.db.query(
      "update orders set slot_id = $1, cutoff_at = now() - interval '1 hour' where id = 'ord-fresh-demo-3'",
      [rows[0]!.id],
    );
    const stale = OrderDetail.parse(
      await (await platform.call(orderPaths.order('ord-fresh-demo-3'), { token })).json(),
    );
    expect(stale.editable).toBe(false);
    await commerceSeed(platform.db);
    const moved = OrderDetail.parse(
      await (await platform.call(orderPaths.order('ord-fresh-demo-3'), { token })).json(),
    );
    expect(moved).toMatchObject({ status: 'placed', editable: true });
    expect(new Date(moved.slot.startsAt).getTime()).toBeGreaterThan(Date.now());
    expect(moved.lines).toEqual(stale.lines);
  });
});

describe('delivery slots', () => {
  it("lists several slots a day for the next 7 days in the shop's time zone, bookable until the evening before", async () => {
    for (const [tenant, timeZone, currency, cutoff] of [
      ['fresh', 'Europe/Dublin', 'EUR', '22:00'],
      ['harbour', 'Europe/London', 'GBP', '20:00'],
    ] as const) {
      const list = DeliverySlotList.parse(
        await (
          await platform.call(orderPaths.deliverySlots, { tenant, token: await demoToken(tenant) })
        ).json(),
      );
      expect(list).toMatchObject({ timeZone, currency });
      const local = (iso: string, part: 'date' | 'time') =>
        new Intl.DateTimeFormat(
          'en-CA',
          part === 'date'
            ? { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }
            : { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
        ).format(new Date(iso));
      const days = new Set(list.items.map((s) => local(s.startsAt, 'date')));
      expect(days.size).toBeGreaterThanOrEqual(7);
      const bookable = list.items.filter((s) => s.available);
      expect(bookable.length).toBeGreaterThanOrEqual(7 * 5 - 5);
      expect(new Set(list.items.map((s) => s.id)).size).toBe(list.items.length);
      for (const slot of list.items) {
        expect(new Date(slot.startsAt).getTime()).toBeGreaterThan(Date.now());
        expect(new Date(slot.endsAt).getTime()).toBeGreaterThan(new Date(slot.startsAt).getTime());
        expect(local(slot.cutoffAt, 'time')).toBe(cutoff);
        expect(slot.available).toBe(
          new Date(slot.cutoffAt).getTime() > Date.now() && slot.remaining > 0,
        );
      }
      expect(
        bookable
          .map((s) => local(s.startsAt, 'time'))
          .slice(0, 5)
          .sort(),
      ).toEqual(['08:00', '10:00', '12:00', '16:00', '18:00']);
    }
  });

  it("counts placed orders against a slot's capacity", async () => {
    const token = await demoToken('fresh');
    const upcoming = OrderDetail.parse(
      await (await platform.call(orderPaths.order('ord-fresh-demo-3'), { token })).json(),
    );
    const list = DeliverySlotList.parse(
      await (await platform.call(orderPaths.deliverySlots, { token })).json(),
    );
    const slot = list.items.find((s) => s.id === upcoming.slot.id)!;
    const { rows } = await platform.db.query<{ capacity: number }>(
      'select capacity from delivery_slots where id = $1',
      [slot.id],
    );
    expect(slot.remaining).toBe(rows[0]!.capacity - 1);
  });
});
