import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking';
import { DeliverySlotList, OrderQuote, orderPaths } from '../../shared/contracts/orders';
import { startPlatform, type TestPlatform } from '../support/platform';

// The delivery-slot list remembers the slot plan it last materialised (docs/decisions/0280):
// a policy or template changed behind its back, by any writer, still shows at the next read.
// The slot list and the quote read the policy together with the shop, and do without one.
let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await startPlatform();
  token = await platform.tokenFor({
    principalId: 'acc-fresh-demo',
    accountId: 'acc-fresh-demo',
    tenantId: 'fresh',
  });
});
afterAll(() => platform.close());

async function slots(): Promise<DeliverySlotList> {
  const answer = await platform.call(orderPaths.deliverySlots, { token });
  expect(answer.status).toBe(200);
  return DeliverySlotList.parse(await answer.json());
}

const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

describe('delivery slots after their rules change', () => {
  it('lists a start time added to the template at the next read', async () => {
    const before = await slots();
    expect(before.items.some((s) => localTime(s.startsAt, before.timeZone) === '20:00')).toBe(
      false,
    );
    await platform.db.query(
      `insert into delivery_slot_templates (tenant_id, start_time, end_time, capacity, fee_cents)
       values ('fresh', '20:00', '22:00', 3, 295)`,
    );
    const after = await slots();
    const evening = after.items.filter((s) => localTime(s.startsAt, after.timeZone) === '20:00');
    // Every day of the horizon but the first, whose evening may have passed.
    expect(evening.length).toBeGreaterThanOrEqual(7);
    expect(evening.every((s) => s.fee === 295 && s.remaining === 3)).toBe(true);
  });

  it('reaches a longer horizon at the next read', async () => {
    const last = (list: DeliverySlotList) =>
      Math.max(...list.items.map((s) => new Date(s.startsAt).getTime()));
    const before = last(await slots());
    await platform.db.query(
      "update delivery_policies set horizon_days = horizon_days + 3 where tenant_id = 'fresh'",
    );
    const after = last(await slots());
    expect(after - before).toBeGreaterThanOrEqual(3 * 24 * 3600_000 - 3600_000);
  });
});

describe('the quote and the slot list read the delivery policy with the shop', () => {
  async function quote(slotId?: string): Promise<OrderQuote> {
    const body = slotId ? { slotId } : {};
    const answer = await platform.call(orderPaths.quote, { method: 'POST', token, body });
    expect(answer.status).toBe(200);
    return OrderQuote.parse(await answer.json());
  }

  it("quotes the shop's threshold and the chosen slot's fee; without a policy, no slots and no free delivery", async () => {
    const { rows } = await platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id limit 1",
    );
    const put = await platform.call(bookingPaths.item('fresh'), {
      method: 'PUT',
      token,
      body: { offeringId: rows[0]!.id, quantity: 1, byCase: false },
    });
    expect(put.status).toBe(200);
    const slot = (await slots()).items.find((s) => s.available)!;
    const withPolicy = await quote(slot.id);
    expect(withPolicy).toMatchObject({ currency: 'EUR', freeDeliveryFrom: 6000 });
    expect(withPolicy.deliveryFee).toBe(withPolicy.subtotal >= 6000 ? 0 : slot.fee);
    expect((await quote()).deliveryFee).toBeNull();

    await platform.db.query("delete from delivery_slot_templates where tenant_id = 'fresh'");
    await platform.db.query("delete from delivery_policies where tenant_id = 'fresh'");
    expect(await slots()).toEqual({
      timeZone: 'UTC',
      currency: 'EUR',
      freeDeliveryFrom: 0,
      items: [],
    });
    expect(await quote(slot.id)).toMatchObject({
      currency: 'EUR',
      freeDeliveryFrom: 0,
      deliveryFee: slot.fee,
    });
  });
});
