import type { RateLimit } from '../config';

// Budgets per client address (an IPv6 /64 counting as one, docs/decisions/0242) for the public
// diagnostics pages, instead of one budget per process that a single client could use up for
// everyone (issue #27 item 10): stored /blink-test reports and its service probes, and
// /sentry-test's deliberate failures.
export const PAGE_BUDGETS: Record<'report' | 'test-failure' | 'probe', RateLimit> = {
  report: { max: 10, windowMs: 60_000 },
  'test-failure': { max: 10, windowMs: 60_000 },
  // /blink-test's service probe, one platform call per service (ADR 0273).
  probe: { max: 30, windowMs: 60_000 },
};

/** Browser error events the tunnel passes on to Sentry (docs/decisions/0303). */
export const ERROR_EVENT_BUDGET: RateLimit = { max: 30, windowMs: 60_000 };

/**
 * Renewals uaa refused (invalid_grant) of refresh tokens the gateway did not set, per address,
 * before such a token is refused without asking uaa (ADR 0357). A shopper's own token, which
 * carries the gateway's proof, is never counted nor refused.
 */
export const FAILED_RENEWAL_BUDGET: RateLimit = { max: 30, windowMs: 10 * 60_000 };
