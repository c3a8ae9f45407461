import type { ServicePlugin } from '../service';
import { registerImageRoutes } from './image-routes';
import { registerProductRoutes } from './product-routes';
import { registerSearchRoutes } from './search-routes';
import { registerTaxonomyRoutes } from './taxonomy-routes';

// Service "catalogue": products, brands, categories, search, suggestions and product pictures.
// Prices come from the offering of the shop named by X-Domain-Origin.
const service: ServicePlugin = async (app, { db }) => {
  registerProductRoutes(app, db);
  registerTaxonomyRoutes(app, db);
  registerSearchRoutes(app, db);
  registerImageRoutes(app, db);
};
export default service;
