import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, RateLimit } from '../config';
import { limitBucket, type LimitBucket } from '../limits/buckets';
import { connectRedis } from '../limits/redis';
import { jsonError } from '../errors/json-error';

// Per-address limits on sign-in, registration/reset and guest sessions (issue #12 item 5,
// docs/decisions/0130), checked in onRequest: refused before any body is read or any password is
// hashed. `request.ip` is the real client behind TRUST_PROXY. Counters in Redis when REDIS_URL
// is set (shared by every replica), in memory otherwise.
const WHAT: Record<LimitBucket, string> = {
  'sign-in': 'sign-in attempts',
  account: 'account requests (registration, password reset)',
  guest: 'new sessions',
};

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const { config } = opts;
    const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => null)));
    await app.register(rateLimit, {
      global: false,
      // A store failure lets the request through (logged by connectRedis) rather than failing it.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: 'storefront:rate:' } : {}),
    });

    const limiter = (bucket: LimitBucket, limit: RateLimit) =>
      app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request: FastifyRequest) => `${bucket}:${normalizeIP(request.ip)}`,
      });
    const limiters = {
      'sign-in': limiter('sign-in', config.rateLimits.signIn),
      account: limiter('account', config.rateLimits.account),
      guest: limiter('guest', config.rateLimits.guest),
    };

    /** True when the request was refused (answered with 429). */
    const refuse = async (bucket: LimitBucket, request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiters[bucket](request);
      if (result.isAllowed || !result.isExceeded) return false;
      const seconds = Math.max(1, result.ttlInSeconds);
      request.log.warn({ bucket, remoteAddress: request.ip }, 'rate limit exceeded');
      reply.header('retry-after', String(seconds));
      void jsonError(
        reply,
        429,
        'rate_limited',
        `Too many ${WHAT[bucket]} from your address; try again in ${seconds} s`,
      );
      return true;
    };
    // Most requests are in no bucket (every GET): they pay for no promise.
    app.addHook('onRequest', (request, reply, done) => {
      const bucket = limitBucket(
        request.method,
        request.url,
        Boolean(request.cookies.access_token),
      );
      if (!bucket) return done();
      refuse(bucket, request, reply).then((refused) => {
        if (!refused) done();
      }, done);
    });
  },
  { name: 'rate-limit', dependencies: ['@fastify/cookie', 'request-context'] },
);
