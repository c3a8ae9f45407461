import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';

// Security headers on every answer (issue #12 item 6, docs/decisions/0124), chosen by helmet.
// The Content-Security-Policy stays the render's own (a fresh nonce per page, server/render/csp.ts),
// so helmet's is off. HSTS only when the cookies are Secure (the shop is served over https).
// With these options helmet's answer is the same for every request: it is computed once at start
// and set per request in one step, rather than running helmet's middleware chain for every
// request to get the same headers (docs/decisions/0158).
export function helmetOptions(config: Pick<Config, 'cookieSecure'>): HelmetOptions {
  return {
    contentSecurityPolicy: false,
    // Product pictures and fonts come from the shop itself; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.cookieSecure
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers helmet sets with these options, captured from one run of its middleware. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res, (error?: unknown) => (failure = error ?? null));
  if (failure) throw failure;
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (the proxy's front door sets them itself). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const headers = securityHeaders(helmetOptions(opts.config));
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
