import type { ServicePlugin } from '../service';
import { addressRoutes } from './address-routes';
import { infoRoutes } from './info-routes';
import { paymentRoutes } from './payment-routes';

// Service "profile": the signed-in shopper's info, delivery addresses and payment methods (#3).
const service: ServicePlugin = async (app, { db, config }) => {
  // Not the options object itself: it carries this plugin's prefix, which would apply twice.
  const options = { db, config };
  await app.register(infoRoutes, options);
  await app.register(addressRoutes, options);
  await app.register(paymentRoutes, options);
};
export default service;
