import { STATUS_CODES, type OutgoingHttpHeaders } from 'node:http';
import { Dispatcher } from 'undici';
import type { Reporter } from '../error-reporting';
import { headerPairsOf } from '../upstream/header-pairs';
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
  // A flat list, not a copy of the object (undici takes either).
  const pairs = headerPairsOf(headers as OutgoingHttpHeaders);
  pairs.push(name, value);
  return pairs as never;
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
    upstreamCalls.inc(serviceOf(opts.path ?? ''), '0');
    failureReporter(reporter, opts)(0, error.code ?? error.name);
  };
}

/**
 * The pool with every call watched. A wrapper of the dispatcher rather than an undici interceptor
 * (`compose`): an interceptor gets undici's new-style handler callbacks, so each call paid for
 * three handler conversions and parsed the answer's headers twice; this wrapper keeps the
 * callbacks undici's client calls natively (ADR 0201).
 */
export function watchedDispatcher(inner: Dispatcher, reporter: () => Reporter): Dispatcher {
  class Watched extends Dispatcher {
    override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
      const scope = currentScope();
      const headers = scope
        ? withHeader(opts.headers, 'traceparent', traceparentFor(scope.traceId))
        : opts.headers;
      const state: WatchState = {
        service: serviceOf(opts.path ?? ''),
        report: failureReporter(reporter, opts),
        started: performance.now(),
      };
      const watched = new WatchHandler(handler as Legacy, state);
      return inner.dispatch({ ...opts, headers }, watched as Dispatcher.DispatchHandler);
    }
    override close(): Promise<void> {
      return inner.close();
    }
    override destroy(): Promise<void> {
      return inner.destroy();
    }
  }
  return new Watched();
}

type WatchState = {
  service: string;
  report: (status: number, statusText: string) => void;
  started: number;
};

type Legacy = {
  onConnect?(abort: (error?: Error) => void, context?: object): void;
  onError?(error: Error): void;
  onUpgrade?(statusCode: number, headers: Buffer[] | null, socket: unknown): void;
  onResponseStarted?(): void;
  onHeaders?(statusCode: number, headers: Buffer[], resume: () => void, text: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete?(trailers: Buffer[] | null): void;
  onBodySent?(chunkSize: number, totalBytesSent: number): void;
  onRequestSent?(): void;
};

// The callbacks undici's client calls (see ../upstream/guarded-dispatcher.ts), passed through;
// the answer's status is counted and a failed answer reported on the way.
class WatchHandler implements Legacy {
  constructor(
    private readonly inner: Legacy,
    private readonly state: WatchState,
  ) {}
  onConnect(abort: (error?: Error) => void, context?: object) {
    return this.inner.onConnect?.(abort, context);
  }
  onHeaders(statusCode: number, headers: Buffer[], resume: () => void, text: string) {
    if (statusCode >= 200) {
      const { service, started, report } = this.state;
      upstreamCalls.inc(service, String(statusCode));
      upstreamDuration.observe((performance.now() - started) / 1000, service);
      if (statusCode >= 400 && !NOT_REPORTED.has(statusCode))
        report(statusCode, text || STATUS_CODES[statusCode] || '');
    }
    return this.inner.onHeaders?.(statusCode, headers, resume, text) ?? true;
  }
  onData(chunk: Buffer) {
    return this.inner.onData?.(chunk) ?? true;
  }
  onComplete(trailers: Buffer[] | null) {
    return this.inner.onComplete?.(trailers);
  }
  onError(error: Error) {
    if (!isClientAbort(error) && !reportedByGuard(error)) {
      upstreamCalls.inc(this.state.service, '0');
      this.state.report(0, (error as { code?: string }).code ?? error.name);
    }
    return this.inner.onError?.(error);
  }
  onUpgrade(statusCode: number, headers: Buffer[] | null, socket: unknown) {
    return this.inner.onUpgrade?.(statusCode, headers, socket);
  }
  onResponseStarted() {
    return this.inner.onResponseStarted?.();
  }
  onBodySent(chunkSize: number, totalBytesSent: number) {
    return this.inner.onBodySent?.(chunkSize, totalBytesSent);
  }
  onRequestSent() {
    return this.inner.onRequestSent?.();
  }
}
