import { z } from 'zod';
import { commaList, duration, trueOrFalse, unlessEmpty, wholeNumber } from './values';

// How the process runs: its environment, deadlines and shutdown, cookies and redirects, Redis.
export const runtimeFields = {
  /** Any value: production behaviour unless `development` or `test` (issue #25 item 6). */
  NODE_ENV: z
    .string()
    .optional()
    .transform((v) => (v === 'development' || v === 'test' ? v : 'production')),
  /** Connect timeout for upstream calls (undici; security checklist: 10 s). */
  UPSTREAM_CONNECT_TIMEOUT_MS: duration(5_000),
  /** Whole-response timeout of the account and context calls of a page load. */
  CONTEXT_TIMEOUT_MS: duration(5_000),
  /** Proxied calls: time to response headers and between body chunks. */
  PROXY_TIMEOUT_MS: duration(15_000),
  /** Client request timeout (slowloris) and the grace period at shutdown. */
  REQUEST_TIMEOUT_MS: duration(30_000),
  SHUTDOWN_DELAY_MS: wholeNumber(0, 60_000, 5_000),
  /**
   * How long an idle client connection is kept: above the balancer's own idle timeout, so that
   * the balancer, not the gateway, closes it (ADR 0316; Fastify's 72 s by default).
   */
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1_000, 3_600_000, 72_000),
  SHUTDOWN_TIMEOUT_MS: duration(25_000),
  /** Hosts that route middleware may redirect to (https only), comma separated. */
  REDIRECT_ALLOWED_HOSTS: commaList((host) => host.toLowerCase()).default([]),
  /** Cookies get the Secure attribute; only turn off for plain-http hosts other than localhost. */
  COOKIE_SECURE: trueOrFalse('true'),
  /** Rate-limit counters shared by every replica (Redis); in memory without it. */
  REDIS_URL: unlessEmpty(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }),
  ),
};

export type RuntimeConfig = {
  env: 'development' | 'production' | 'test';
  timeouts: {
    connect: number;
    context: number;
    proxy: number;
    request: number;
    /** Idle client connections (keep-alive). */
    keepAlive: number;
  };
  shutdown: { delay: number; timeout: number };
  redirectAllowedHosts: string[];
  cookieSecure: boolean;
  redisUrl?: string;
};

type Env = z.infer<z.ZodObject<typeof runtimeFields>>;

export const readRuntime = (e: Env): RuntimeConfig => ({
  env: e.NODE_ENV,
  timeouts: {
    connect: e.UPSTREAM_CONNECT_TIMEOUT_MS,
    context: e.CONTEXT_TIMEOUT_MS,
    proxy: e.PROXY_TIMEOUT_MS,
    request: e.REQUEST_TIMEOUT_MS,
    keepAlive: e.KEEP_ALIVE_TIMEOUT_MS,
  },
  shutdown: { delay: e.SHUTDOWN_DELAY_MS, timeout: e.SHUTDOWN_TIMEOUT_MS },
  redirectAllowedHosts: e.REDIRECT_ALLOWED_HOSTS,
  cookieSecure: e.COOKIE_SECURE,
  redisUrl: e.REDIS_URL,
});
