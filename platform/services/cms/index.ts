import type { ServicePlugin } from '../service';
import { contentRoutes } from './content-routes';
import { contextRoute } from './context-route';

// cms: the page context of every page load, and the shops' content.
const cms: ServicePlugin = async (app, options) => {
  await contextRoute(app, options);
  await contentRoutes(app, options);
};
export default cms;
