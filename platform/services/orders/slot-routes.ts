import { DeliverySlotList } from '../../../shared/contracts/orders';
import type { ServicePlugin } from '../service';
import { requireShopper } from './shopper';
import { loadPolicy, upcomingSlots } from './slots';

// The delivery slots a shopper can choose from at checkout or when changing an order.
export const slotRoutes: ServicePlugin = async (app, { db }) => {
  app.get(
    '/delivery-slots',
    {
      schema: {
        summary: 'Upcoming delivery slots of the shop with availability',
        tags: ['orders'],
        response: { 200: DeliverySlotList },
      },
    },
    async (request): Promise<DeliverySlotList> => {
      const shopper = requireShopper(request);
      const policy = await loadPolicy(db, shopper.tenantId);
      const { rows } = await db.query<{ currency: string }>(
        'select currency from tenants where id = $1',
        [shopper.tenantId],
      );
      return {
        timeZone: policy?.timeZone ?? 'UTC',
        currency: rows[0]!.currency,
        freeDeliveryFrom: policy?.freeFromCents ?? 0,
        items: policy ? await upcomingSlots(db, shopper.tenantId, policy) : [],
      };
    },
  );
};
