import { z } from 'zod';
import { wholeNumber } from './values';

// Rate limits (ADR 0130) and fair shares (ADR 0249).

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

/** A fair share (ADR 0249): `per client/in all`, e.g. 16/96. */
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

export const limitsFields = {
  /**
   * Proxied calls and page renders at once, per client address (IPv6 by /64) and in all, with a
   * short wait before 429/503 (ADR 0249). The total stays below the pool's 128 connections.
   */
  FAIR_SHARE_CALLS: fairShare('32/96'),
  FAIR_SHARE_RENDERS: fairShare('24/48'),
  FAIR_SHARE_QUEUE_MS: wholeNumber(0, 30_000, 1_000),
  /** Per client address (docs/decisions/0130). */
  RATE_LIMIT_SIGN_IN: rateLimit('20/60'),
  RATE_LIMIT_ACCOUNT: rateLimit('20/600'),
  RATE_LIMIT_GUEST: rateLimit('30/60'),
  /** Consented analytics events (POST /analytics/events) per client address (ADR 0265). */
  RATE_LIMIT_ANALYTICS: rateLimit('120/60'),
};

export type RateLimit = { max: number; windowMs: number };
type FairShare = { perClient: number; total: number };

export type LimitsConfig = {
  rateLimits: { signIn: RateLimit; account: RateLimit; guest: RateLimit; analytics: RateLimit };
  fairShare: { calls: FairShare; renders: FairShare; queueMs: number };
};

type Env = z.infer<z.ZodObject<typeof limitsFields>>;

export const readLimits = (e: Env): LimitsConfig => ({
  rateLimits: {
    signIn: e.RATE_LIMIT_SIGN_IN,
    account: e.RATE_LIMIT_ACCOUNT,
    guest: e.RATE_LIMIT_GUEST,
    analytics: e.RATE_LIMIT_ANALYTICS,
  },
  fairShare: {
    calls: e.FAIR_SHARE_CALLS,
    renders: e.FAIR_SHARE_RENDERS,
    queueMs: e.FAIR_SHARE_QUEUE_MS,
  },
});
