import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Platform } from '../upstream/platform';

// /api/services/* proxy: placeholder until issue #2 point 8 lands here.
export const proxyPlugin = fp(async (_app: FastifyInstance, _opts: { config: Config; platform: Platform }) => {}, {
  name: 'proxy',
});
