import type { ServicePlugin } from '../service';
import { smartCartCartRoutes } from './cart-routes';
import { smartCartOrderRoutes } from './smart-cart-order-routes';
import { smartCartRoutes } from './smart-cart-routes';

// Service "smart-carts": saved carts of the signed-in shopper that can be ordered again (#3).
const service: ServicePlugin = async (app, { db, config }) => {
  // Not the options object itself: it carries this plugin's prefix, which would apply twice.
  const options = { db, config };
  await app.register(smartCartRoutes, options);
  await app.register(smartCartOrderRoutes, options);
  await app.register(smartCartCartRoutes, options);
};
export default service;
