import * as lists from '../../../shared/contracts/lists';
import { routeSchemas, type ServicePlugin } from '../service';
import { shopperCollection } from '../shopper-collection';
import { listStore } from './list-store';

export const listRoutes: ServicePlugin = async (app, { db }) =>
  shopperCollection(app, {
    route: routeSchemas('shopping-lists'),
    path: '/lists',
    params: lists.ListParams,
    list: lists.ShoppingListCollection,
    item: lists.ShoppingList,
    input: lists.ShoppingListInput,
    store: listStore(db),
  });
