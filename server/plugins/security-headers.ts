import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

// Security headers on every answer (issue #12 item 6, docs/decisions/0124), by @fastify/helmet.
// The Content-Security-Policy stays the render's own (a fresh nonce per page, server/render/csp.ts),
// so helmet's is off. HSTS only when the cookies are Secure (the shop is served over https).
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: false,
      // Product pictures and fonts come from the shop itself; nothing is embedded cross-origin.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: opts.config.cookieSecure
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      xContentTypeOptions: true,
      xFrameOptions: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
