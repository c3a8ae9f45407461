import * as Sentry from '@sentry/react';
import { scrubBreadcrumb, scrubEvent } from '../../shared/report-scrub';
import type { ReportUser } from '../../shared/report-user';

// @sentry/react with the specification's defaults (section 9): 100 breadcrumbs, 50 stack frames,
// idle span 1 s, final timeout 30 s, child span timeout 15 s. Events go through the gateway's
// tunnel (same origin); nothing secret leaves (shared/report-scrub.ts). Loaded lazily.
export const TUNNEL = '/monitoring';

/** `release`: the build's version (React Router's manifest version, the gateway's build id). */
export function start(dsn: string, cid: string, release: string | undefined): void {
  Error.stackTraceLimit = 50;
  Sentry.init({
    dsn,
    release,
    tunnel: TUNNEL,
    maxBreadcrumbs: 100,
    tracesSampleRate: 0,
    integrations: [
      Sentry.browserTracingIntegration({
        idleTimeout: 1_000,
        finalTimeout: 30_000,
        childSpanTimeout: 15_000,
      }),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  Sentry.setTag('cid', cid);
  Sentry.setTag('page_cid', cid);
}

export function setUser(user: ReportUser | null): void {
  Sentry.setUser(
    user
      ? { id: user.id, username: user.login ?? undefined, email: user.email ?? undefined }
      : null,
  );
}

export function setRoute(route: string | null): void {
  Sentry.setTag('route', route ?? undefined);
}

export function captureError(error: unknown): string {
  return Sentry.captureException(error);
}

export function captureHttpFailure(message: string, cid: string | null): string {
  return Sentry.withScope((scope) => {
    if (cid) scope.setTag('cid', cid);
    return Sentry.captureMessage(message, 'error');
  });
}
