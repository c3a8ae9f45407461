import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orderPaths, type OrderPage } from '../../../shared/contracts/orders';
import type { PlatformCall } from '../../../shared/load-context';
import { loadOrderList } from './order-data.server';

// The order list shows its dates in the shop's time zone. The context names it (ADR 0291); only
// a platform whose context does not is asked for the slot list, which names it too.
const ORDERS: OrderPage = {
  page: 1,
  pageSize: 10,
  total: 1,
  items: [
    {
      id: 'ord-1',
      number: '10001',
      status: 'placed',
      createdAt: '2026-07-01T23:30:00Z',
      slot: { id: 'slot-1', startsAt: '2026-07-03T09:00:00Z', endsAt: '2026-07-03T11:00:00Z' },
      total: 1000,
      currency: 'EUR',
      lineCount: 1,
      preview: [],
      smartCartId: null,
    },
  ],
};

function ordersContext(tenant: { locale: string; timeZone?: string }) {
  const paths: string[] = [];
  const call = async ({ path }: PlatformCall) => {
    paths.push(path);
    if (path.startsWith(orderPaths.orders)) return { ok: true, status: 200, body: ORDERS };
    if (path === orderPaths.deliverySlots)
      return {
        ok: true,
        status: 200,
        body: { timeZone: 'Asia/Tokyo', currency: 'EUR', freeDeliveryFrom: 0, items: [] },
      };
    throw new Error(`unexpected call ${path}`);
  };
  const context = {
    platform: { call },
    ready: Promise.resolve(),
    publicContext: { tenant },
  } as unknown as AppLoadContext;
  return { context, paths };
}

describe('loadOrderList', () => {
  it("takes the shop's time zone from the context and asks for no slot list", async () => {
    const { context, paths } = ordersContext({ locale: 'en-IE', timeZone: 'Europe/Dublin' });
    const list = await loadOrderList(context, 1);
    expect(paths).toEqual([`${orderPaths.orders}?page=1&pageSize=10`]);
    // 23:30 UTC on 1 July is half past midnight on 2 July in Dublin (summer time).
    expect(list.orders[0]!.placedOn).toBe('2 Jul 2026, 00:30');
  });

  it('asks for the slot list when the context names no time zone', async () => {
    const { context, paths } = ordersContext({ locale: 'en-IE' });
    const list = await loadOrderList(context, 1);
    expect(paths.sort()).toEqual([
      orderPaths.deliverySlots,
      `${orderPaths.orders}?page=1&pageSize=10`,
    ]);
    expect(list.orders[0]!.placedOn).toBe('2 Jul 2026, 08:30');
  });
});
