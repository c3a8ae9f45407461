import { AsyncLocalStorage } from 'node:async_hooks';
import type { Span } from '@opentelemetry/api';
import type { ReportUser } from '../../shared/report-user';
import { randomHex } from '../request/random-bytes';

// What every report, metric and upstream call of one gateway request needs to know about it,
// without threading it through every function: the CID, the W3C trace id, the tenant, the route
// id and, once the account is known, the visitor. Set for the request by plugins/observability.ts.
export type RequestScope = {
  cid: string;
  traceId: string;
  /** The shop's host name ('' for probes). */
  shop?: string;
  /** The tenant id: from the page context once loaded, else as last learned for this host, or ''. */
  tenant: string;
  routeId: string;
  /** undefined: not known yet; null: a guest or logged out. */
  user?: ReportUser | null;
  /** Looks the visitor up (only on a failure path: it costs an account call). */
  lookupUser?: () => Promise<ReportUser | null>;
  /** The id of the report this request produced (sent back as X-Event-Id). */
  eventId?: string;
  /** Upstream calls made inside report nothing (the lookup of the user for a report). */
  quiet?: boolean;
  /** The caller's sampled flag, or the sampler's decision (undefined: sampled, a trace begun here). */
  sampled?: boolean;
  /** The caller's tracestate, passed on as received (docs/decisions/0250). */
  traceState?: string;
  /** The id of the request's span (logged on every line of the request). */
  spanId?: string;
  /** The request's server span, when tracing is on (./tracing.ts). */
  span?: Span;
  /** Breadcrumbs of this request for a report (only while reporting is on; ./breadcrumbs.ts). */
  crumbs?: Breadcrumb[];
  /** The platform call of this request with the worst answer (0: none), for the request line. */
  upstream?: { service: string; status: number; calls: number };
  /** The request's cache lookups, `cache:result` counted, for the request line. */
  cache?: Record<string, number>;
  /**
   * A page's document, for the request line (ADR 0275): whether its head went out before its data
   * (then `status` is the one the page had, its own was 200) and what became of its template.
   */
  document?: { early?: true; status?: number; template?: 'hit' | 'miss' | 'bypass' };
};

/** One step of a request before its report (./breadcrumbs.ts keeps them). */
export type Breadcrumb = {
  timestamp: number;
  category: string;
  message: string;
  level?: 'info' | 'warning' | 'error';
  data?: Record<string, string | number | boolean>;
};

const storage = new AsyncLocalStorage<RequestScope>();

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** `bytes` random bytes in hex (a trace id: 16, a span id: 8). */
export function newTraceIdPart(bytes: 8 | 16): string {
  return randomHex(bytes);
}

/** The id of the request's span: the recorded span's, else one made when first asked for. */
export function scopeSpanId(scope: RequestScope): string {
  return (scope.spanId ??= randomHex(8));
}

/**
 * A traceparent for one upstream call when tracing is off: the request's trace, a new span id,
 * the caller's sampled flag (a trace begun here is sampled: the platform may record it).
 */
export function traceparentFor(scope: RequestScope): string {
  return `00-${scope.traceId}-${randomHex(8)}-${scope.sampled === false ? '00' : '01'}`;
}

/** The visitor's user of the scope, looked up if that is possible and not done yet. */
export async function scopeUser(scope: RequestScope): Promise<ReportUser | null> {
  if (scope.user !== undefined) return scope.user;
  if (!scope.lookupUser) return null;
  const lookup = scope.lookupUser;
  scope.lookupUser = undefined;
  try {
    scope.user = await runInScope({ ...scope, quiet: true }, lookup);
  } catch {
    scope.user = null;
  }
  return scope.user;
}
