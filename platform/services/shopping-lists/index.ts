import type { ServicePlugin } from '../service';
import { itemRoutes } from './item-routes';
import { listRoutes } from './list-routes';
import { toCartRoute } from './to-cart-route';

// Service "shopping-lists": the signed-in shopper's named lists of offerings (#3).
const service: ServicePlugin = async (app, { db, config }) => {
  // Not the options object itself: it carries this plugin's prefix, which would apply twice.
  const options = { db, config };
  await app.register(listRoutes, options);
  await app.register(itemRoutes, options);
  await app.register(toCartRoute, options);
};
export default service;
