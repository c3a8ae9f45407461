import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '../../app';
import { contentRoutes } from './content-routes';
import { contextRoute } from './context-route';

// cms: the page context of every page load, and the shops' content.
const cms: FastifyPluginAsync<ServiceOptions> = async (app, options) => {
  await contextRoute(app, options);
  await contentRoutes(app, options);
};
export default cms;
