import * as lists from '../../../shared/contracts/lists';
import { routeSchemas, type ServicePlugin } from '../service';
import { shopperCollection } from '../shopper-collection';
import { smartCartStore } from './smart-cart-store';

export const smartCartRoutes: ServicePlugin = async (app, { db }) =>
  shopperCollection(app, {
    route: routeSchemas('smart-carts'),
    path: '/smart-carts',
    params: lists.SmartCartParams,
    list: lists.SmartCartCollection,
    item: lists.SmartCart,
    input: lists.SmartCartInput,
    update: lists.SmartCartUpdate,
    store: smartCartStore(db),
  });
