import * as profile from '../../../shared/contracts/profile';
import { routeSchemas, type ServicePlugin } from '../service';
import { shopperCollection } from '../shopper-collection';
import { addressStore } from './address-store';

export const addressRoutes: ServicePlugin = async (app, { db }) =>
  shopperCollection(app, {
    route: routeSchemas('profile'),
    path: '/addresses',
    params: profile.ProfileItemParams,
    list: profile.DeliveryAddressList,
    item: profile.DeliveryAddress,
    input: profile.DeliveryAddressInput,
    store: addressStore(db),
  });
