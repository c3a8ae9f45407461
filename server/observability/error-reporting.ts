import { randomUUID } from 'node:crypto';
import { isDeliberateFault } from '../../shared/deliberate-fault';
import { scrubBreadcrumb, scrubEvent, scrubText } from '../../shared/report-scrub';
import { reportedUser } from '../../shared/report-user';
import type { Config } from '../config';
import { httpFailureMessage, type HttpFailure } from '../errors/http-failure';
import { httpFailureFingerprint } from './failure-fingerprint';
import { breadcrumbsFor, collectBreadcrumbs, MAX_BREADCRUMBS } from './breadcrumbs';
import { reportsSent } from './metrics';
import { faultKindOf, ReportBudget, type FaultKind } from './report-budget';
import { scopeUser, type RequestScope } from './scope';

// Server-side error reporting (issue #7 item 1), only when SENTRY_DSN is set: the SDK is loaded
// only then. Faults only (issue #27 item 4, docs/decisions/0251): exceptions of routes, loaders,
// actions, rendering and the gateway's handlers, and failed upstream/proxied HTTP exchanges (5xx,
// timeouts, no answer) as "[status] statusText (url)" (specification section 8); a 4xx is the
// visitor's, never a report. Each kind of fault has its own budget a minute. Tagged with CID,
// tenant (the tenant id, only that), shop host, route id, fault kind and build id, with the
// visitor's login and e-mail when logged in, and the request's breadcrumbs (its platform calls,
// renewal, breaker changes; at most 100). Nothing secret leaves: every event goes through the
// scrubber.
export type Reporter = {
  readonly enabled: boolean;
  /** Returns the event id (undefined when reporting is off or the event was dropped). */
  exception(error: unknown, scope?: RequestScope): string | undefined;
  httpFailure(scope: RequestScope, failure: HttpFailure): Promise<string | undefined>;
  setBuildId(buildId: string): void;
  flush(timeoutMs?: number): Promise<boolean>;
};

const OFF: Reporter = {
  enabled: false,
  exception: () => undefined,
  httpFailure: async () => undefined,
  setBuildId: () => {},
  flush: async () => true,
};

// Only these of the SDK's default integrations: no HTTP/fetch instrumentation (the gateway reports
// its upstream calls itself, and their breadcrumbs would mix requests), no local variables (they
// may hold tokens), no sessions.
const KEEP = new Set([
  'EventFilters',
  'FunctionToString',
  'LinkedErrors',
  'Dedupe',
  'NodeSystemError',
  'Context',
  'ContextLines',
  'OnUncaughtException',
  'OnUnhandledRejection',
]);

export const STACK_FRAMES = 50;

/** At most this many events of each kind of fault a minute leave the process (a storm is not a bill). */
export const REPORTS_PER_KIND_PER_MINUTE = 60;

/** A failed exchange is a fault (a report) when it got no answer or a 5xx. */
export const isFault = (status: number) => status === 0 || status >= 500;

let active: Promise<Reporter> | null = null;
let activeDsn: string | undefined;

/** One reporter per process (the SDK is global); later calls with the same DSN share it. */
export function initErrorReporting(config: Pick<Config, 'sentryDsn' | 'env'>): Promise<Reporter> {
  if (!config.sentryDsn) return Promise.resolve(OFF);
  if (active && activeDsn === config.sentryDsn) return active;
  activeDsn = config.sentryDsn;
  active = createSentryReporter(config.sentryDsn, config.env);
  return active;
}

async function createSentryReporter(dsn: string, environment: string): Promise<Reporter> {
  const Sentry = await import('@sentry/node');
  // The specification's 50 stack frames (section 9): V8 keeps 10 unless told; the SDK's parser
  // keeps at most 50 of what it gets.
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, STACK_FRAMES);
  const budget = new ReportBudget(REPORTS_PER_KIND_PER_MINUTE);
  // Every kind counted from 0: a series Prometheus first sees at 40 has no increase, so the first
  // storm of dropped reports, over within a scrape, never fired ErrorReportsDropped (0322).
  for (const kind of ['exception', 'test', 'http', 'dropped']) reportsSent.inc({ kind }, 0);
  collectBreadcrumbs(true);
  Sentry.init({
    dsn,
    environment,
    maxBreadcrumbs: MAX_BREADCRUMBS,
    // Users are set explicitly (login and e-mail); nothing collected behind our back.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [] },
    enableOpenTelemetrySetup: false,
    tracePropagationTargets: [],
    integrations: (defaults) => defaults.filter((i) => KEEP.has(i.name)),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
    beforeSend(event) {
      if (!budget.take(String(event.tags?.fault ?? 'exception'))) {
        reportsSent.inc({ kind: 'dropped' });
        return null;
      }
      return scrubEvent(event);
    },
  });

  const tagged = <T>(
    scope: RequestScope | undefined,
    user: RequestScope['user'],
    fault: FaultKind,
    fn: () => T,
  ) =>
    Sentry.withScope((s) => {
      s.setTag('fault', fault);
      if (scope) {
        s.setTags({ cid: scope.cid, route: scope.routeId });
        // One `tenant` tag, the tenant id, or none while it is not known (docs/decisions/0251).
        if (scope.tenant) s.setTag('tenant', scope.tenant);
        if (scope.shop) s.setTag('shop', scope.shop);
        s.setContext('trace', { trace_id: scope.traceId, span_id: scope.spanId });
      }
      s.clearBreadcrumbs();
      for (const crumb of breadcrumbsFor(scope)) s.addBreadcrumb(crumb, MAX_BREADCRUMBS);
      if (user) s.setUser(reportedUser(user));
      return fn();
    });

  return {
    enabled: true,
    exception(error, scope) {
      // A failure a visitor raised on purpose (/sentry-test) is no exception of the shop's.
      const fault = isDeliberateFault(error) ? 'test' : 'exception';
      reportsSent.inc({ kind: fault });
      const id = tagged(scope, scope?.user, fault, () => Sentry.captureException(error));
      if (scope) scope.eventId ??= id;
      return id;
    },
    async httpFailure(scope, failure) {
      // An upstream 4xx is logged and counted (gateway_upstream_requests_total), not reported.
      if (!isFault(failure.status)) return undefined;
      // The id is known at once, so the response can name it (X-Event-Id) before the report
      // leaves (the user may have to be looked up first).
      const id = randomUUID().replaceAll('-', '');
      scope.eventId ??= id;
      const user = await scopeUser(scope);
      reportsSent.inc({ kind: 'http' });
      const fault = faultKindOf(failure.status, failure.statusText);
      return tagged(scope, user, fault, () =>
        Sentry.captureEvent(
          {
            message: httpFailureMessage(failure),
            level: 'error',
            // One group per fault, not per URL: the ids are in the message (docs/decisions/0304).
            fingerprint: httpFailureFingerprint(failure),
            extra: { status: failure.status, url: scrubText(failure.url) },
          },
          { event_id: id },
        ),
      );
    },
    setBuildId(buildId) {
      Sentry.setTag('build', buildId);
      Sentry.getClient()!.getOptions().release ??= buildId;
    },
    flush: (timeoutMs = 2_000) => Sentry.flush(timeoutMs),
  };
}
