import type { ServicePlugin } from '../service';
import { registerCartRoutes } from './cart-routes';
import { registerCopyRoute } from './copy-route';
import { acceptEmptyJsonBodies } from './lenient-json';
import { mergeGuestCart } from './merge';

// Service "booking-ms": the cart of each (shop, principal). See docs/decisions/0051.
const service: ServicePlugin = async (app, { db }) => {
  // A cart is one shopper's: never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  acceptEmptyJsonBodies(app);
  registerCartRoutes(app, db);
  registerCopyRoute(app, db);
  // uaa runs this inside its sign-in transaction when a guest signs in.
  app.signInHooks.push((tx, signIn) =>
    mergeGuestCart(tx, signIn.tenantId, signIn.guestPrincipalId, signIn.accountPrincipalId),
  );
};
export default service;
