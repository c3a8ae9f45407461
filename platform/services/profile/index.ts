import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '../../app';

// Service "profile": routes are added by its issue (#3).
const service: FastifyPluginAsync<ServiceOptions> = async () => {};
export default service;
