import { z } from 'zod';
import {
  DEFAULT_PROXIED_SERVICES,
  serviceList,
  serviceUrls,
  unknownServiceProblems,
  type ServiceUpstream,
} from './upstream/service-urls';

// Gateway configuration from the environment, validated once at boot. Every bad field is named in
// one error so an operator fixes them all at once.
const duration = (fallback: number) =>
  z.coerce.number().int().positive().max(600_000).default(fallback);

const cidrList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(
          /^[0-9a-fA-F:.]+(\/\d{1,3})?$/,
          'must be a comma-separated list of IP addresses or CIDR ranges',
        ),
    ),
  );

/** `count/seconds`, e.g. `20/60`: at most count requests per client address in that window. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .pipe(z.string().regex(/^\d{1,6}\/\d{1,6}$/, 'must be count/seconds, e.g. 20/60'))
    .transform((v) => {
      const [max, seconds] = v.split('/').map(Number);
      return { max: max!, windowMs: seconds! * 1000 };
    })
    .refine((v) => v.max > 0 && v.windowMs > 0, 'count and seconds must be positive');
// A fair share (ADR 0249): `per client/in all`, e.g. 16/96.
const fairShare = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .pipe(z.string().regex(/^\d{1,5}\/\d{1,5}$/, 'must be per-client/total, e.g. 16/96'))
    .transform((v) => {
      const [perClient, total] = v.split('/').map(Number);
      return { perClient: perClient!, total: total! };
    })
    .refine(
      (v) => v.perClient > 0 && v.total >= v.perClient,
      'per-client must be positive and at most the total',
    );
// Sign-in providers (OpenID Connect), a JSON list. Plain http only for a provider on this machine.
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[\w.-]+\.localhost)$/;
const socialProvider = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be 1-32 lowercase letters, digits or dashes'),
  name: z.string().trim().min(1).max(60),
  discoveryUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .refine(
      (u) => u.startsWith('https:') || LOOPBACK.test(new URL(u).hostname),
      'must be https (http only on localhost)',
    ),
  clientId: z.string().min(1).max(400),
  clientSecret: z.string().min(1).max(400),
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/))
    .default(['openid', 'email', 'profile']),
});
const socialProviders = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(socialProvider)
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'ids must be unique')
      .refine(
        (list) => list.every((p) => p.scopes.includes('openid')),
        'scopes must include openid',
      ),
  );

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Ports a balancer in front publishes the shop at, besides PORT (comma-separated; ADR 0272). */
  PUBLIC_PORTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^\d{1,5}$/, 'must be a comma-separated list of port numbers')
          .transform(Number)
          .refine((n) => n >= 1 && n <= 65535, 'ports are 1-65535'),
      ),
    ),
  HOST: z.string().min(1).default('0.0.0.0'),
  PLATFORM_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((u) => u.replace(/\/+$/, '')),
  /** Per-service upstreams (JSON object, name → base URL); the others use PLATFORM_URL. */
  SERVICE_URLS: serviceUrls.default({}),
  /** The services proxied under /api/services/{service}/ (comma-separated). */
  PROXY_SERVICES: serviceList.default([...DEFAULT_PROXIED_SERVICES]),
  TRUST_PROXY: cidrList.default([]),
  SENTRY_DSN: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The browser's DSN (public key only); its events reach Sentry through the gateway's tunnel. */
  SENTRY_PUBLIC_DSN: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prometheus metrics on their own port, never the public one; 0 turns them off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** GET /openapi.json on the shop's port too; the metrics port always serves it (ADR 0232). */
  OPENAPI_PUBLIC: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON log lines held in memory up to this many KiB before a write (0: each line at once). */
  LOG_BUFFER_KB: z.coerce.number().int().min(0).max(1024).default(0),
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
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: duration(25_000),
  /** Hosts that route middleware may redirect to (https only), comma separated. */
  REDIRECT_ALLOWED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .default([]),
  /** Cookies get the Secure attribute; only turn off for plain-http hosts other than localhost. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Rate-limit counters shared by every replica (Redis); in memory without it. */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Gateway cache of public platform data, in MB; 0 turns it off (docs/decisions/0153). */
  SUBREQUEST_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(16),
  /** Document templates (ADR 0203), in MB; 0 turns them off. */
  TEMPLATE_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(8),
  /** Anonymous page cache, seconds a page is kept; 0 (the default) turns it off (ADR 0154). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(0),
  /** A session's document starts before its data (ADR 0271); off sends every page whole. */
  EARLY_HEAD: z.enum(['on', 'off']).default('on'),
  /** Bearer token of POST /internal/cache/purge; the endpoint answers 404 without it. */
  CACHE_PURGE_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Per client address (docs/decisions/0130). */
  /**
   * Proxied calls and page renders at once, per client address (IPv6 by /64) and in all, with a
   * short wait before 429/503 (ADR 0249). The total stays below the pool's 128 connections.
   */
  FAIR_SHARE_CALLS: fairShare('32/96'),
  FAIR_SHARE_RENDERS: fairShare('24/48'),
  FAIR_SHARE_QUEUE_MS: z.coerce.number().int().min(0).max(30_000).default(1_000),
  RATE_LIMIT_SIGN_IN: rateLimit('20/60'),
  RATE_LIMIT_ACCOUNT: rateLimit('20/600'),
  RATE_LIMIT_GUEST: rateLimit('30/60'),
  /** Consented analytics events (POST /analytics/events) per client address (ADR 0265). */
  RATE_LIMIT_ANALYTICS: rateLimit('120/60'),
  /** The consent choice and first-party analytics (issue #29 item 3, ADR 0265). */
  ANALYTICS: z.enum(['on', 'off']).default('on'),
  /** Where consented events go (POST JSON); default: the platform's analytics inbox. */
  ANALYTICS_SINK_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** OpenID Connect sign-in providers (JSON list); none means no "Continue with" buttons. */
  SOCIAL_PROVIDERS: socialProviders.default([]),
  /** Key of the sign-in transaction cookie (at least 32 characters; the same on every replica). */
  SOCIAL_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key of page proofs (a /blink-test CID, ADR 0244; 32+ characters; the same on every replica). */
  PAGE_PROOF_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Each call to a sign-in provider (discovery, token, keys). */
  SOCIAL_TIMEOUT_MS: duration(5_000),
  /**
   * The development mailbox (ADR 0273): /dev/mail lists the platform's outbox and the sign-in
   * screens link to it. Off by default: the page shows every shopper's activation and reset links.
   */
  DEV_MAILBOX: z.enum(['on', 'off']).default('off'),
});

export type RateLimit = { max: number; windowMs: number };
export type SocialProvider = z.infer<typeof socialProvider>;

export type Config = {
  port: number;
  /**
   * The ports a Host may name besides none (PORT and PUBLIC_PORTS); the port a connection came
   * in on is accepted as well (docs/decisions/0272).
   */
  publicPorts: number[];
  host: string;
  platformUrl: string;
  /** Upstreams of their own, by service name (SERVICE_URLS). */
  serviceUrls: Record<string, ServiceUpstream>;
  /** The allow-list of /api/services/{service}/ (PROXY_SERVICES). */
  proxiedServices: string[];
  trustProxy: string[];
  sentryDsn?: string;
  sentryPublicDsn?: string;
  metrics: { port: number; host: string };
  /** The gateway's OpenAPI document on the public port as well (OPENAPI_PUBLIC). */
  openapiPublic: boolean;
  logLevel: string;
  /** 0: every log line written at once (nothing lost in a crash); else pino's buffer, in KiB. */
  logBufferKb: number;
  env: 'development' | 'production' | 'test';
  timeouts: { connect: number; context: number; proxy: number; request: number };
  shutdown: { delay: number; timeout: number };
  redirectAllowedHosts: string[];
  cookieSecure: boolean;
  redisUrl?: string;
  rateLimits: { signIn: RateLimit; account: RateLimit; guest: RateLimit; analytics: RateLimit };
  /** Consent and first-party analytics (ADR 0265): off, or the sink consented events go to. */
  analytics: { enabled: boolean; sinkUrl: string };
  fairShare: {
    calls: { perClient: number; total: number };
    renders: { perClient: number; total: number };
    queueMs: number;
  };
  social: { providers: SocialProvider[]; cookieSecret?: string; timeoutMs: number };
  /** Key of the page proofs (ADR 0244); without it, the social cookie's key, else per process. */
  pageProofSecret?: string;
  subrequestCacheMb: number;
  pageCacheSeconds: number;
  earlyHead: boolean;
  templateCacheMb: number;
  cachePurgeToken?: string;
  /** /dev/mail and the sign-in screens' link to it (DEV_MAILBOX, development only). */
  devMailbox: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid gateway configuration:\n${fields.join('\n')}`);
  }
  const e = parsed.data;
  const unknown = unknownServiceProblems(e.SERVICE_URLS, e.PROXY_SERVICES);
  if (unknown.length > 0)
    throw new ConfigError(`Invalid gateway configuration:\n  ${unknown.join('\n  ')}`);
  return {
    port: e.PORT,
    publicPorts: [...new Set([...(e.PORT > 0 ? [e.PORT] : []), ...e.PUBLIC_PORTS])],
    host: e.HOST,
    platformUrl: e.PLATFORM_URL,
    serviceUrls: e.SERVICE_URLS,
    proxiedServices: e.PROXY_SERVICES,
    trustProxy: e.TRUST_PROXY,
    sentryDsn: e.SENTRY_DSN,
    sentryPublicDsn: e.SENTRY_PUBLIC_DSN,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    openapiPublic: e.OPENAPI_PUBLIC,
    logLevel: e.LOG_LEVEL,
    logBufferKb: e.LOG_BUFFER_KB,
    env: e.NODE_ENV,
    timeouts: {
      connect: e.UPSTREAM_CONNECT_TIMEOUT_MS,
      context: e.CONTEXT_TIMEOUT_MS,
      proxy: e.PROXY_TIMEOUT_MS,
      request: e.REQUEST_TIMEOUT_MS,
    },
    shutdown: { delay: e.SHUTDOWN_DELAY_MS, timeout: e.SHUTDOWN_TIMEOUT_MS },
    redirectAllowedHosts: e.REDIRECT_ALLOWED_HOSTS,
    cookieSecure: e.COOKIE_SECURE,
    redisUrl: e.REDIS_URL,
    rateLimits: {
      signIn: e.RATE_LIMIT_SIGN_IN,
      account: e.RATE_LIMIT_ACCOUNT,
      guest: e.RATE_LIMIT_GUEST,
      analytics: e.RATE_LIMIT_ANALYTICS,
    },
    analytics: {
      enabled: e.ANALYTICS === 'on',
      sinkUrl: e.ANALYTICS_SINK_URL ?? `${e.PLATFORM_URL}/dev/analytics/events`,
    },
    fairShare: {
      calls: e.FAIR_SHARE_CALLS,
      renders: e.FAIR_SHARE_RENDERS,
      queueMs: e.FAIR_SHARE_QUEUE_MS,
    },
    social: {
      providers: e.SOCIAL_PROVIDERS,
      cookieSecret: e.SOCIAL_COOKIE_SECRET,
      timeoutMs: e.SOCIAL_TIMEOUT_MS,
    },
    pageProofSecret: e.PAGE_PROOF_SECRET ?? e.SOCIAL_COOKIE_SECRET,
    subrequestCacheMb: e.SUBREQUEST_CACHE_MB,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    earlyHead: e.EARLY_HEAD === 'on',
    templateCacheMb: e.TEMPLATE_CACHE_MB,
    cachePurgeToken: e.CACHE_PURGE_TOKEN,
    devMailbox: e.DEV_MAILBOX === 'on',
  };
}
