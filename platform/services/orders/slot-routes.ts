import { DeliverySlotList } from '../../../shared/contracts/orders';
import { routeSchemas, type ServicePlugin } from '../service';
import { requireCartOwner } from './shopper';
import { loadPolicy, upcomingSlots } from './slots';

const route = routeSchemas('orders');

// The delivery slots a shopper can choose from at checkout or when changing an order.
export const slotRoutes: ServicePlugin = async (app, { db }) => {
  app.get(
    '/delivery-slots',
    route('Upcoming delivery slots of the shop with availability (for guests too)', {
      response: { 200: DeliverySlotList },
    }),
    async (request): Promise<DeliverySlotList> => {
      const shopper = requireCartOwner(request);
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
