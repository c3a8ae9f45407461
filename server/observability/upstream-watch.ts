import { STATUS_CODES } from 'node:http';
import { DecoratorHandler, type Dispatcher } from 'undici';
import type { Reporter } from '../error-reporting';
import { upstreamCalls, upstreamDuration } from './metrics';
import { currentScope, traceparentFor } from './scope';

// Every call on the platform's connection pool (page context, account, route data, proxied calls)
// passes here (issue #7 items 1 and 8): it carries the request's W3C traceparent, it is counted
// by service and status, and a failed answer is reported once as "[status] statusText (url)".
// 401 is not a failure here: the session code answers it (refresh, or logged out).
const NOT_REPORTED = new Set([401]);

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
  return { ...(headers as Record<string, string>), [name]: value };
}

const isClientAbort = (error: Error) =>
  error.name === 'AbortError' || (error as { code?: string }).code === 'UND_ERR_ABORTED';
// Cut by the guard's deadline while queued for a connection: reported by upstreamQueuedCut.
const reportedByGuard = (error: Error) => (error as { queued?: unknown }).queued === true;

function failureReporter(reporter: () => Reporter, opts: Dispatcher.DispatchOptions) {
  const scope = currentScope();
  const url = `${String(opts.origin ?? '')}${opts.path ?? ''}`;
  return (status: number, statusText: string) => {
    if (!scope || scope.quiet) return;
    // A proxied call that got no answer is reported by the proxy as its 502/504 (once).
    if (status === 0 && scope.routeId === 'proxy') return;
    const reporting = reporter();
    if (reporting.enabled) void reporting.httpFailure(scope, { status, statusText, url });
  };
}

/**
 * A call the pool guard cut by its deadline before a connection was free: counted (status 0) and
 * reported as "[0] GW_UPSTREAM_TIMEOUT (url)", like a call cut after connecting.
 */
export function upstreamQueuedCut(reporter: () => Reporter) {
  return (opts: Dispatcher.DispatchOptions, error: Error & { code?: string }) => {
    upstreamCalls.inc({ service: serviceOf(opts.path ?? ''), status: '0' });
    failureReporter(reporter, opts)(0, error.code ?? error.name);
  };
}

export function upstreamWatch(reporter: () => Reporter): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const scope = currentScope();
    const service = serviceOf(opts.path ?? '');
    const started = performance.now();
    const report = failureReporter(reporter, opts);
    const headers = scope
      ? withHeader(opts.headers, 'traceparent', traceparentFor(scope.traceId))
      : opts.headers;
    return dispatch({ ...opts, headers }, watch(handler, { service, report, started }));
  };
}

type WatchState = {
  service: string;
  report: (status: number, statusText: string) => void;
  started: number;
};

// undici's DecoratorHandler turns any handler (old or new callbacks) into the new callbacks.
function watch(handler: Dispatcher.DispatchHandler, state: WatchState): Dispatcher.DispatchHandler {
  const inner = new DecoratorHandler(handler) as unknown as Required<Dispatcher.DispatchHandler>;
  return {
    onRequestStart: (controller, context) => inner.onRequestStart(controller, context),
    onRequestUpgrade: (controller, status, headers, socket) =>
      inner.onRequestUpgrade(controller, status, headers, socket),
    onResponseStart(controller, statusCode, headers, statusMessage) {
      upstreamCalls.inc({ service: state.service, status: String(statusCode) });
      upstreamDuration.observe(
        { service: state.service },
        (performance.now() - state.started) / 1000,
      );
      if (statusCode >= 400 && !NOT_REPORTED.has(statusCode)) {
        state.report(statusCode, statusMessage || STATUS_CODES[statusCode] || '');
      }
      return inner.onResponseStart(controller, statusCode, headers, statusMessage);
    },
    onResponseData: (controller, chunk) => inner.onResponseData(controller, chunk),
    onResponseEnd: (controller, trailers) => inner.onResponseEnd(controller, trailers),
    onResponseError(controller, error) {
      if (!isClientAbort(error) && !reportedByGuard(error)) {
        upstreamCalls.inc({ service: state.service, status: '0' });
        state.report(0, (error as { code?: string }).code ?? error.name);
      }
      return inner.onResponseError(controller, error);
    },
  };
}
