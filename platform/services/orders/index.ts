import type { ServicePlugin } from '../service';
import { moveGuestOrders } from './guest-account';
import { guestOrderRoutes } from './guest-order-routes';
import { orderEditRoutes } from './order-edit-routes';
import { orderRoutes } from './order-routes';
import { slotRoutes } from './slot-routes';

// Service "orders": delivery slots, the cart's quote, placing, listing, editing and cancelling
// orders of the signed-in shopper (issue #3).
const service: ServicePlugin = async (app, { db, config }) => {
  // Not the options object itself: it carries this plugin's prefix, which would apply twice.
  const options = { db, config };
  await app.register(slotRoutes, options);
  await app.register(orderRoutes, options);
  await app.register(orderEditRoutes, options);
  await app.register(guestOrderRoutes, options);
  // A guest signing in takes its session's orders along (as booking-ms does with the cart).
  app.signInHooks.push((tx, signIn) =>
    moveGuestOrders(tx, signIn.tenantId, signIn.guestPrincipalId, signIn.accountPrincipalId),
  );
};
export default service;
