import * as Sentry from '@sentry/react';
import { scrubBreadcrumb, scrubEvent } from '../../shared/report-scrub';
import { readCidFromDocument } from '../lib/cid-context';
import { visitorOf } from '../lib/personal';
import { browserRouter, pageBuildVersion } from '../lib/react-router-adapter';

// @sentry/react with the specification's defaults (section 9): 100 breadcrumbs, 50 stack frames,
// idle span 1 s, final timeout 30 s, child span timeout 15 s. Events go through the gateway's
// tunnel (same origin); nothing secret leaves (shared/report-scrub.ts). Loaded lazily
// (./reporting.ts, which queues the errors seen before).
export const TUNNEL = '/monitoring';

/**
 * Starts the SDK and sends the errors queued before it was there. Every event names the release
 * (the build's version: React Router's manifest version, the gateway's build id) and the page's
 * CID, and, read when it is sent, the route id and a signed-in visitor (issue #28 item 2).
 */
export function start(dsn: string, queued: unknown[]): void {
  Error.stackTraceLimit = 50;
  Sentry.init({
    dsn,
    release: pageBuildVersion(),
    tunnel: TUNNEL,
    maxBreadcrumbs: 100,
    tracesSampleRate: 0,
    // No client reports: with spans not sampled, leaving every page sent one (the spans it
    // discarded), a tunnel post and a log line per page view; they say nothing of the shop.
    sendClientReports: false,
    // No release-health session: the specification asks for error reports only, and a session
    // envelope on every page load was a tunnel post and two log lines each (ADR 0303).
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== 'BrowserSession'),
      Sentry.browserTracingIntegration({
        idleTimeout: 1_000,
        finalTimeout: 30_000,
        childSpanTimeout: 15_000,
      }),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  const cid = readCidFromDocument();
  Sentry.setTag('cid', cid);
  Sentry.setTag('page_cid', cid);
  Sentry.addEventProcessor((event) => {
    const state = browserRouter()?.state;
    const route = state?.matches.at(-1)?.route.id;
    if (route) event.tags = { ...event.tags, route };
    // The specification, section 8: the signed-in visitor's login and e-mail; a guest is no one.
    const { account } = visitorOf(state?.loaderData.root);
    if (account) {
      event.user = {
        ...event.user,
        id: account.id,
        username: account.login ?? undefined,
        email: account.email ?? undefined,
      };
    }
    return event;
  });
  for (const error of queued) Sentry.captureException(error);
}

export function captureError(error: unknown): string {
  return Sentry.captureException(error);
}

/** "[status] statusText (url)" (specification section 8), with the failed request's CID. */
export function captureHttpFailure(
  status: number,
  statusText: string,
  url: string,
  cid: string | null,
): string {
  return Sentry.withScope((scope) => {
    if (cid) scope.setTag('cid', cid);
    return Sentry.captureMessage(`[${status}] ${statusText} (${url})`, 'error');
  });
}
