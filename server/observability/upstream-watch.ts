import { STATUS_CODES, type OutgoingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { CallObserver, CallWatch } from '../upstream/guarded-dispatcher';
import type { Reporter } from '../error-reporting';
import { headerPairsOf } from '../upstream/header-pairs';
import { upstreamCalls, upstreamDuration } from './metrics';
import { currentScope, traceparentFor, type RequestScope } from './scope';

// Every call on the platform's connection pool (page context, account, route data, proxied calls)
// passes here (issue #7 items 1 and 8): it carries the request's W3C traceparent, it is counted
// by service and status, and a failed answer is reported once as "[status] statusText (url)".
// Failed means the platform's fault (5xx) or no answer: a 4xx answers what the visitor asked for
// (an unknown order, a bad form, a name too long, a token to renew) and is theirs to see, not an
// error of the shop's; reporting it let anyone flood the reports (ADR 0170, amended by 0211).
const isFailure = (statusCode: number) => statusCode >= 500;

export function serviceOf(path: string): string {
  if (path.startsWith('/cms-api/')) return 'cms';
  const match = /^\/api\/services\/([a-z0-9-]{1,40})\//.exec(path);
  return match ? match[1]! : 'other';
}

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
  return { start: (opts) => new WatchedCall(opts, reporter) };
}

function report(
  scope: RequestScope | undefined,
  reporter: () => Reporter,
  opts: Dispatcher.DispatchOptions,
  status: number,
  statusText: string,
): void {
  if (!scope || scope.quiet) return;
  // A proxied call that got no answer is reported by the proxy as its 502/504 (once).
  if (status === 0 && scope.routeId === 'proxy') return;
  const reporting = reporter();
  const url = `${String(opts.origin ?? '')}${opts.path ?? ''}`;
  if (reporting.enabled) void reporting.httpFailure(scope, { status, statusText, url });
}

/** One call: its headers with the request's trace, and what is counted once it is answered. */
class WatchedCall implements CallWatch {
  readonly headers: Dispatcher.DispatchOptions['headers'];
  private readonly scope = currentScope();
  private readonly service: string;
  private readonly started = performance.now();

  constructor(
    private readonly opts: Dispatcher.DispatchOptions,
    private readonly reporter: () => Reporter,
  ) {
    this.service = serviceOf(opts.path ?? '');
    this.headers = this.scope
      ? withHeader(opts.headers, 'traceparent', traceparentFor(this.scope.traceId))
      : opts.headers;
  }

  answered(statusCode: number, statusText: string): void {
    upstreamCalls.inc(this.service, String(statusCode));
    upstreamDuration.observe((performance.now() - this.started) / 1000, this.service);
    if (isFailure(statusCode))
      this.report(statusCode, statusText || STATUS_CODES[statusCode] || '');
  }

  failed(error: Error): void {
    if (isClientAbort(error)) return;
    upstreamCalls.inc(this.service, '0');
    this.report(0, (error as { code?: string }).code ?? error.name);
  }

  queuedCut(error: Error & { code: string }): void {
    upstreamCalls.inc(this.service, '0');
    this.report(0, error.code);
  }

  private report(status: number, statusText: string): void {
    report(this.scope, this.reporter, this.opts, status, statusText);
  }
}
