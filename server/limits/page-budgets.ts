import type { RateLimit } from '../config';

// Budgets per client address (an IPv6 /64 counting as one, docs/decisions/0242) for the public
// diagnostics pages, instead of one budget per process that a single client could use up for
// everyone (issue #27 item 10): stored /blink-test reports, and /sentry-test's deliberate failures.
export const PAGE_BUDGETS: Record<'report' | 'test-failure', RateLimit> = {
  report: { max: 10, windowMs: 60_000 },
  'test-failure': { max: 10, windowMs: 60_000 },
};
