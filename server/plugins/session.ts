import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Redis } from 'ioredis';
import {
  createRefresher,
  REFRESH_MEMO_MS,
  type FailedRenewals,
  type Refresher,
} from '../session/refresh';
import { redisSharedRefresh } from '../session/shared-refresh';
import {
  plainHostCookieWarning,
  replicaProofWarning,
  signInCookieWarning,
} from '../session/cookie-warnings';
import { sessionRoutes } from '../session/routes';
import { LRUCache } from 'lru-cache';
import type { SocialDeps } from '../social/flow';
import { createProviderRegistry } from '../social/providers';
import { socialRoutes } from '../social/routes';
import { TRANSACTION_SECONDS, createSealer } from '../social/transaction';
import { createUaaClient, type UaaClient } from '../uaa/client';
import type { Platform } from '../upstream/platform';
import { csrfPlugin } from './csrf';
import { REFRESH_COOKIE } from '../session/cookies';

// Sign-in session (issue #2 point 7): the uaa client and the shared refresher as app decorations
// (the page context uses them through resolveAccount), the CSRF rule, and the /auth/* endpoints.
declare module 'fastify' {
  interface FastifyInstance {
    uaa: UaaClient;
    refresher: Refresher;
    social: SocialDeps;
  }
}

export const sessionPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      config: Config;
      platform: Platform;
      redis: Redis | null;
      /** A shop origin's tenant id, for GET /auth/session (page/tenant-lookup.ts). */
      tenantOf: { (shopOrigin: string): Promise<string>; noShop(shopOrigin: string): boolean };
    },
  ) => {
    const uaa = createUaaClient(opts.platform, opts.config.timeouts.context);
    // With Redis, one renewal per session across replicas; the lock outlasts uaa's timeout
    // (docs/decisions/0220).
    const shared = opts.redis
      ? redisSharedRefresh(opts.redis, {
          lockMs: opts.config.timeouts.context + 1_000,
          resultMs: REFRESH_MEMO_MS,
          // An outage is logged once by connectReplicas; each renewal it touches only at debug.
          onError: (error) =>
            app.log.debug({ err: error }, 'shared renewal: Redis failed; asking uaa directly'),
        })
      : undefined;
    // Failed renewals of tokens the gateway did not set, per address (ADR 0357): the rate
    // limits' store, so shared by the replicas with REDIS_URL.
    const budget = app.hasDecorator('limits') ? app.limits.ofAddress('failed-renewal') : null;
    const failures: FailedRenewals | undefined = budget
      ? { left: budget.left, take: async (address) => void (await budget.take(address)) }
      : undefined;
    const refresher = createRefresher(uaa, { shared, failures });
    warnAboutInsecureCookies(app, opts.config);
    const proofWarning = replicaProofWarning(opts.config);
    if (proofWarning) app.log.warn(proofWarning);
    app.decorate('uaa', uaa);
    app.decorate('refresher', refresher);
    const { social } = opts.config;
    const socialDeps: SocialDeps = {
      config: opts.config,
      platform: opts.platform,
      registry: createProviderRegistry(social.providers, social.timeoutMs),
      sealer: createSealer(social.cookieSecret),
      usedStates: new LRUCache<string, true>({ max: 50_000, ttl: TRANSACTION_SECONDS * 1000 }),
      refresher,
    };
    if (social.providers.length > 0 && !social.cookieSecret)
      app.log.warn(
        'SOCIAL_COOKIE_SECRET is not set: sign-in transactions only work on this replica',
      );
    app.decorate('social', socialDeps);

    // The CSRF hook guards /auth/* and /api/services/* for the whole app.
    await app.register(csrfPlugin, { trustProxy: opts.config.trustProxy });

    // Own scope: the session endpoints' JSON body parser and cache headers. Errors (415, bad
    // JSON, 413) are answered by the error plugin, a 415 naming JSON.
    await app.register(async (scope) => {
      await sessionRoutes(scope, { uaa, refresher, config: opts.config, tenantOf: opts.tenantOf });
      await socialRoutes(scope, socialDeps);
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie', 'request-context'] },
);

/**
 * COOKIE_SECURE=true where browsers will not keep the cookies: a warning at the first request for a
 * host other than localhost when no proxy is trusted to say https, and one at the first sign-in
 * (any answer that sets a new refresh token) over plain http (issue #25 item 6; ADR 0329).
 */
function warnAboutInsecureCookies(app: FastifyInstance, config: Config): void {
  // Checked per request until it warns once (a boolean after that): only where it can warn at all.
  if (config.cookieSecure && config.trustProxy.length === 0) {
    let hostWarned = false;
    app.addHook('onRequest', (request, _reply, done) => {
      if (!hostWarned) {
        const warning = plainHostCookieWarning(config, request.hostname);
        if (warning) {
          hostWarned = true;
          request.log.warn(warning);
        }
      }
      done();
    });
  }
  if (!config.cookieSecure) return;
  let warned = false;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (warned || request.protocol === 'https') return done(null, payload);
    const cookies = reply.getHeader('set-cookie');
    const signsIn = [cookies ?? []]
      .flat()
      .some(
        (line) => String(line).startsWith(`${REFRESH_COOKIE}=`) && !/^[^=]+=;/.test(String(line)),
      );
    const warning = signsIn
      ? signInCookieWarning(config, {
          protocol: request.protocol,
          hostname: request.hostname,
          peer: request.socket.remoteAddress,
          forwardedProto: [request.headers['x-forwarded-proto']].flat()[0],
        })
      : null;
    if (warning) {
      warned = true;
      request.log.warn(warning);
    }
    done(null, payload);
  });
}
