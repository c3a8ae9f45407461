import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, RateLimit } from '../config';
import type { LimitAnswer } from '../../shared/load-context';
import { addressGroup } from '../../shared/address-group';
import { limitBucket, type AddressBucket, type LimitBucket } from '../limits/buckets';
import { ERROR_EVENT_BUDGET, FAILED_RENEWAL_BUDGET, PAGE_BUDGETS } from '../limits/page-budgets';
import type { Redis } from 'ioredis';
import { jsonError } from '../errors/json-error';

// Per-address limits on sign-in, registration/reset and guest sessions (issue #12 item 5,
// docs/decisions/0130), checked in onRequest: refused before any body is read or any password is
// hashed. `request.ip` is the real client behind TRUST_PROXY. Counters in Redis when REDIS_URL
// is set (shared by every replica), in memory otherwise; the error-report tunnel's event budget
// is one of them (docs/decisions/0303).
const WHAT: Record<LimitBucket, string> = {
  'sign-in': 'sign-in attempts',
  account: 'account requests (registration, password reset)',
  guest: 'new sessions',
  analytics: 'analytics events',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-address buckets, for what a route's own code counts (a page action's intent). */
    limits: {
      take(bucket: AddressBucket, request: FastifyRequest): Promise<LimitAnswer>;
      /** True when the address has nothing left in the bucket; counts nothing. */
      spent(bucket: AddressBucket, request: FastifyRequest): Promise<boolean>;
      /** Counts the request; true when it was refused, answered with the 429 (a route's hook). */
      refuse(bucket: LimitBucket, request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
      /** A bucket by client address alone, for what counts where no request is at hand. */
      ofAddress(bucket: AddressBucket): {
        take(address: string): Promise<LimitAnswer>;
        spent(address: string): Promise<boolean>;
        /** What the address has left in the bucket (0: spent); counts nothing. */
        left(address: string): Promise<number>;
      };
    };
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; redis: Redis | null }) => {
    const { config, redis } = opts;
    await app.register(rateLimit, {
      global: false,
      // A store failure lets the request through (logged by connectReplicas) rather than failing it.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: 'storefront:rate:' } : {}),
    });

    const limiter = (bucket: AddressBucket, limit: RateLimit) =>
      app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        // Every per-address limit counts an IPv6 /64 as one address (docs/decisions/0242).
        keyGenerator: (request: FastifyRequest) => `${bucket}:${addressGroup(request.ip)}`,
      });
    const limiters: Record<AddressBucket, ReturnType<typeof limiter>> = {
      'sign-in': limiter('sign-in', config.rateLimits.signIn),
      account: limiter('account', config.rateLimits.account),
      guest: limiter('guest', config.rateLimits.guest),
      analytics: limiter('analytics', config.rateLimits.analytics),
      report: limiter('report', PAGE_BUDGETS.report),
      'test-failure': limiter('test-failure', PAGE_BUDGETS['test-failure']),
      probe: limiter('probe', PAGE_BUDGETS.probe),
      'error-event': limiter('error-event', ERROR_EVENT_BUDGET),
      'failed-renewal': limiter('failed-renewal', FAILED_RENEWAL_BUDGET),
    };

    /** Counts the request against its address's bucket: allowed, or the seconds to wait. */
    const take = async (bucket: AddressBucket, request: FastifyRequest): Promise<LimitAnswer> => {
      const result = await limiters[bucket](request);
      if (result.isAllowed || !result.isExceeded) return { ok: true };
      request.log.warn({ bucket, remoteAddress: request.ip }, 'rate limit exceeded');
      return { ok: false, retryAfter: Math.max(1, result.ttlInSeconds) };
    };
    const spent = async (bucket: AddressBucket, request: FastifyRequest): Promise<boolean> => {
      const result = await limiters[bucket](request, { increment: false });
      return !result.isAllowed && result.remaining === 0;
    };
    // The limiter reads the address (its key) and the route's options of a request: an address
    // alone is handed over as the request it came with would be.
    const asRequest = (address: string) =>
      ({ ip: address, routeOptions: { config: {} }, log: app.log }) as unknown as FastifyRequest;
    const ofAddress = (bucket: AddressBucket) => ({
      take: (address: string) => take(bucket, asRequest(address)),
      spent: (address: string) => spent(bucket, asRequest(address)),
      left: async (address: string) => {
        const result = await limiters[bucket](asRequest(address), { increment: false });
        // An allowed address (none is configured today) is never limited.
        return result.isAllowed ? Infinity : result.remaining;
      },
    });
    /** True when the request was refused (answered with 429). */
    const refuse = async (bucket: LimitBucket, request: FastifyRequest, reply: FastifyReply) => {
      const answer = await take(bucket, request);
      if (answer.ok) return false;
      const seconds = answer.retryAfter;
      reply.header('retry-after', String(seconds));
      void jsonError(
        reply,
        429,
        'rate_limited',
        `Too many ${WHAT[bucket]} from your address; try again in ${seconds} s`,
      );
      return true;
    };
    // Page actions and loaders take from the same buckets by what they do (docs/decisions/0242).
    app.decorate('limits', { take, spent, refuse, ofAddress });
    // Most requests are in no bucket (every GET): they pay for no promise.
    app.addHook('onRequest', (request, reply, done) => {
      const bucket = limitBucket(request.method, request.url);
      if (!bucket) return done();
      refuse(bucket, request, reply).then((refused) => {
        if (!refused) done();
      }, done);
    });
  },
  { name: 'rate-limit', dependencies: ['@fastify/cookie', 'request-context'] },
);
