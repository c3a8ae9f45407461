import { DeliverySlotList } from '../../../shared/contracts/orders';
import { routeSchemas, type ServicePlugin } from '../service';
import { requireCartOwner } from './shopper';
import { upcoming } from './slot-plan';

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
      const { currency, policy, items } = await upcoming(db, shopper.tenantId);
      return {
        timeZone: policy?.timeZone ?? 'UTC',
        currency,
        freeDeliveryFrom: policy?.freeFromCents ?? 0,
        items,
      };
    },
  );
};
