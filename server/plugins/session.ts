import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Platform } from '../upstream/platform';

// Sign-in session endpoints (BFF): placeholder until issue #2 point 7 lands here.
export const sessionPlugin = fp(async (_app: FastifyInstance, _opts: { config: Config; platform: Platform }) => {}, {
  name: 'session',
});
