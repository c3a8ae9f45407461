import * as profile from '../../../shared/contracts/profile';
import { routeSchemas, type ServicePlugin } from '../service';
import { shopperCollection } from '../shopper-collection';
import { paymentStore } from './payment-store';

export const paymentRoutes: ServicePlugin = async (app, { db }) =>
  shopperCollection(app, {
    route: routeSchemas('profile'),
    path: '/payment-methods',
    params: profile.ProfileItemParams,
    list: profile.PaymentMethodList,
    item: profile.PaymentMethod,
    input: profile.PaymentMethodInput,
    update: profile.PaymentMethodUpdate,
    store: paymentStore(db),
  });
