import { STATUS_CODES, type OutgoingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type {
  CallObserver,
  CallWatch,
  GuardedDispatchOptions,
} from '../upstream/guarded-dispatcher';
import type { Reporter } from './error-reporting';
import { headerPairsOf } from '../upstream/header-pairs';
import { SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { uaaPaths } from '../../shared/contracts/uaa';
import { traceparentOf } from '../../shared/tracing';
import { addBreadcrumb, breadcrumbsOn } from './breadcrumbs';
import { breakerStateOf } from './breaker-watch';
import { upstreamCalls, upstreamDuration } from './metrics';
import { routeTemplate, serviceOf } from './route-template';
import { currentScope, traceparentFor, type RequestScope } from './scope';
import { childSpan } from './tracing';

// Every call on the platform's connection pool (page context, account, route data, proxied calls)
// passes here (issue #7 items 1 and 8): it carries the request's W3C traceparent, it is counted
// by service and status, and a failed answer is reported once as "[status] statusText (url)".
// Failed means the platform's fault (5xx) or no answer: a 4xx answers what the visitor asked for
// (an unknown order, a bad form, a name too long, a token to renew) and is theirs to see, not an
// error of the shop's; reporting it let anyone flood the reports (ADR 0170, amended by 0211).

/** The W3C trace context headers every platform call gets (tracestate only when the request had one). */
export const TRACE_HEADERS = { parent: 'traceparent', state: 'tracestate' } as const;

const isFailure = (statusCode: number) => statusCode >= 500;

type Headers = Dispatcher.DispatchOptions['headers'];

function withHeader(headers: Headers, name: string, value: string): Headers {
  if (!headers) return { [name]: value };
  if (Array.isArray(headers)) return [...(headers as string[]), name, value];
  if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') {
    return [...(headers as Iterable<[string, string]>), [name, value]] as never;
  }
  // A flat list, not a copy of the object (undici takes either).
  const pairs = headerPairsOf(headers as OutgoingHttpHeaders);
  pairs.push(name, value);
  return pairs as never;
}

const isClientAbort = (error: Error) =>
  error.name === 'AbortError' || (error as { code?: string }).code === 'UND_ERR_ABORTED';

/**
 * The guard's observer of every call on the platform's pool (../upstream/guarded-dispatcher.ts):
 * the trace header added, the answer counted and timed by service, a failed answer reported.
 * A call the guard cut by its deadline before a connection was free is counted (status 0) and
 * reported as "[0] GW_UPSTREAM_TIMEOUT (url)", like a call cut after connecting.
 */
export function upstreamWatch(reporter: () => Reporter): CallObserver {
  return { start: (opts, path) => new WatchedCall(opts, path, reporter) };
}

function report(
  scope: RequestScope | undefined,
  reporter: () => Reporter,
  opts: Dispatcher.DispatchOptions,
  path: string,
  status: number,
  statusText: string,
): void {
  if (!scope || scope.quiet) return;
  // A proxied call that got no answer is reported by the proxy as its 502/504 (once).
  if (status === 0 && scope.routeId === 'proxy') return;
  const reporting = reporter();
  const url = `${String(opts.origin ?? '')}${opts.path ?? ''}`;
  if (reporting.enabled) void reporting.httpFailure(scope, { status, statusText, url, path });
}

/** One call: its headers with the request's trace, and what is counted once it is answered. */
class WatchedCall implements CallWatch {
  readonly headers: Dispatcher.DispatchOptions['headers'];
  private readonly scope = currentScope();
  private readonly service: string;
  private readonly route: string;
  private readonly started = performance.now();
  private readonly span: Span | undefined;
  private readonly renewal: boolean;
  private readonly retriedOn: number | undefined;
  /** Whether the caller asks again after a failure without an answer; gone once answered. */
  private retriedAfter: ((error: Error) => boolean) | undefined;

  constructor(
    private readonly opts: Dispatcher.DispatchOptions,
    /** As the contract names it: a service URL's prefix is no part of its service or template. */
    private readonly path: string,
    private readonly reporter: () => Reporter,
  ) {
    this.retriedOn = (opts as GuardedDispatchOptions).retriedOn;
    this.retriedAfter = (opts as GuardedDispatchOptions).retriedAfter;
    this.service = serviceOf(path);
    this.route = routeTemplate(path);
    this.renewal = path.startsWith(uaaPaths.refresh);
    const scope = this.scope;
    if (!scope) {
      this.headers = opts.headers;
      return;
    }
    this.span = scope.span ? this.openSpan(scope) : undefined;
    const parent = this.span
      ? traceparentOf(scope.traceId, this.span.spanContext().spanId, scope.sampled !== false)
      : traceparentFor(scope);
    const headers = withHeader(opts.headers, TRACE_HEADERS.parent, parent);
    this.headers = scope.traceState
      ? withHeader(headers, TRACE_HEADERS.state, scope.traceState)
      : headers;
  }

  private openSpan(scope: RequestScope): Span | undefined {
    const method = String(this.opts.method ?? 'GET');
    // A call to the same method and path again in this request is the proxy's second try (by path:
    // every path the contract does not know shares the template `other`).
    const key = `${method} ${this.path}`;
    const seen = (tries.get(scope) ?? tries.set(scope, new Map()).get(scope))!;
    const retry = (seen.get(key) ?? 0) > 0;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    return childSpan(scope, `${method} ${this.service} ${this.route}`, SpanKind.CLIENT, {
      'http.request.method': method,
      'url.template': this.route,
      'server.address': String(this.opts.origin ?? ''),
      'storefront.upstream.service': this.service,
      'storefront.upstream.retry': retry,
      'storefront.upstream.renewal': this.renewal,
      'storefront.breaker.state': breakerStateOf(this.service),
    });
  }

  answered(statusCode: number, statusText: string): void {
    this.retriedAfter = undefined; // an answer is never asked again
    upstreamCalls.inc(this.service, String(statusCode));
    this.done(statusCode);
    // An answer its caller asks again on (the proxy's 503, ADR 0210) is reported by the try that
    // ends the exchange, if that one fails too: a busy moment the second try got past is no fault
    // the visitor saw (counted, traced and in the breadcrumbs all the same).
    if (isFailure(statusCode) && statusCode !== this.retriedOn)
      this.report(statusCode, statusText || STATUS_CODES[statusCode] || '');
  }

  failed(error: Error): void {
    // The visitor left: not the platform's failure.
    if (isClientAbort(error)) return void this.span?.end();
    const fault = (error as { code?: string }).code ?? error.name;
    upstreamCalls.inc(this.service, '0');
    this.done(0, fault);
    // A page's read asked again after its lost connection (ADR 0355) is reported by the try that
    // ends the call, if that one fails too; counted, traced and in the breadcrumbs all the same.
    if (this.retriedAfter?.(error)) return;
    this.report(0, fault);
  }

  queuedCut(error: Error & { code: string }): void {
    upstreamCalls.inc(this.service, '0');
    this.done(0, error.code);
    this.report(0, error.code);
  }

  /** Timed by service and route template; the span ended; the request's line and breadcrumbs told. */
  private done(status: number, fault?: string): void {
    upstreamDuration.observe((performance.now() - this.started) / 1000, this.service, this.route);
    const { scope, span } = this;
    if (span) {
      span.setAttribute('http.response.status_code', status);
      if (status === 0 || status >= 500)
        span.setStatus({ code: SpanStatusCode.ERROR, message: fault });
      span.end();
    }
    if (!scope) return;
    const worst = scope.upstream;
    if (!worst) scope.upstream = { service: this.service, status, calls: 1 };
    else {
      worst.calls += 1;
      if (rank(status) >= rank(worst.status)) {
        worst.service = this.service;
        worst.status = status;
      }
    }
    if (breadcrumbsOn())
      addBreadcrumb(
        {
          category: this.renewal ? 'renewal' : 'upstream',
          message: `${String(this.opts.method ?? 'GET')} ${this.service} ${this.route}`,
          level: status === 0 || status >= 500 ? 'error' : status >= 400 ? 'warning' : 'info',
          data: { status, ...(fault ? { fault } : {}) },
        },
        false,
        scope,
      );
  }

  private report(status: number, statusText: string): void {
    report(this.scope, this.reporter, this.opts, this.path, status, statusText);
  }
}

// A request's calls by method and template, to tell a retry (only kept while tracing is on).
const tries = new WeakMap<RequestScope, Map<string, number>>();

/** How bad an answer is, for the request line's one upstream: no answer, 5xx, 4xx, the rest. */
const rank = (status: number) => (status === 0 ? 3 : status >= 500 ? 2 : status >= 400 ? 1 : 0);
