import { Dispatcher } from 'undici';

// Every call to the platform goes through this wrapper of the shared pool (issue #12 item 2,
// docs/decisions/0121):
// - a request undici would refuse (a header value with CR/LF/NUL, a path with a space) is refused
//   here, before the pool sees it: undici's client marks its connection busy when its Request
//   constructor throws, and never frees it (128 such requests wedged every page for ~72 s);
// - every call has a deadline up to the response headers that also covers the wait for a pool
//   connection (undici's own timeouts and abort signals only start once the request is written);
// - calls still waiting for a connection are counted, so readiness can report a wedged pool.
export class UpstreamTimeoutError extends Error {
  readonly code = 'GW_UPSTREAM_TIMEOUT';
  /** Cut while still waiting for a pool connection: the pool never saw an outcome. */
  queued = false;
}
export class UpstreamRequestInvalidError extends Error {
  readonly code = 'GW_UPSTREAM_REQUEST_INVALID';
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const PATH = /^[\u0021-\u00ff]*$/;

/** Why undici would refuse this request, or null. */
export function requestProblem(opts: Dispatcher.DispatchOptions): string | null {
  const path = String(opts.path ?? '');
  if (!path.startsWith('/') || !PATH.test(path)) return 'invalid request path';
  if (!TOKEN.test(String(opts.method ?? ''))) return 'invalid request method';
  const headers = opts.headers;
  if (!headers) return null;
  // Walked in place (no list of pairs per call: this runs for every upstream call).
  if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i += 2) {
      const problem = headerProblem(String(headers[i]), headers[i + 1]);
      if (problem) return problem;
    }
    return null;
  }
  for (const name in headers) {
    const problem = headerProblem(name, (headers as Record<string, unknown>)[name]);
    if (problem) return problem;
  }
  return null;
}

function headerProblem(name: string, value: unknown): string | null {
  if (!TOKEN.test(name)) return 'invalid header name';
  if (Array.isArray(value)) {
    for (const item of value) if (!valueOk(item)) return `invalid ${name.toLowerCase()} header`;
    return null;
  }
  return valueOk(value) ? null : `invalid ${name.toLowerCase()} header`;
}

const valueOk = (item: unknown) =>
  item === undefined || item === null || HEADER_VALUE.test(String(item));

type Handler = Dispatcher.DispatchHandler & Record<string, unknown>;
type Abort = (reason?: Error) => void;

export type GuardedDispatcher = Dispatcher & {
  /** Milliseconds the oldest call still waiting for a connection has waited (0: none). */
  oldestWaitMs(): number;
};

/**
 * `onQueuedCut`: told of a call cut by its deadline while still waiting for a connection (the
 * dispatchers inside never see that outcome, so the upstream watch would not report it).
 */
export function guardDispatcher(
  inner: Dispatcher,
  defaultDeadlineMs: number,
  onQueuedCut?: (opts: Dispatcher.DispatchOptions, error: UpstreamTimeoutError) => void,
): GuardedDispatcher {
  const waiting = new Map<object, number>();

  class Guarded extends Dispatcher {
    override dispatch(
      opts: Dispatcher.DispatchOptions,
      handler: Dispatcher.DispatchHandler,
    ): boolean {
      const problem = requestProblem(opts);
      const h = handler as Handler;
      if (problem) {
        (h.onError as (e: Error) => void)(new UpstreamRequestInvalidError(problem));
        return true;
      }
      // New-style handlers (none of ours) pass through unguarded.
      if (typeof h.onRequestStart === 'function') return inner.dispatch(opts, handler);
      return inner.dispatch(
        opts,
        deadlineHandler(h, opts.headersTimeout ?? defaultDeadlineMs, opts),
      );
    }
    override close(): Promise<void> {
      return inner.close();
    }
    override destroy(): Promise<void> {
      return inner.destroy();
    }
    oldestWaitMs(): number {
      let oldest = Infinity;
      for (const since of waiting.values()) oldest = Math.min(oldest, since);
      return oldest === Infinity ? 0 : Date.now() - oldest;
    }
  }

  function deadlineHandler(
    inner: Handler,
    ms: number,
    opts: Dispatcher.DispatchOptions,
  ): Dispatcher.DispatchHandler {
    const key = {};
    waiting.set(key, Date.now());
    let abort: Abort | null = null;
    let expired: Error | null = null;
    let answered = false;
    const timer = setTimeout(() => {
      const error = new UpstreamTimeoutError(`no upstream answer within ${ms} ms`);
      expired = error;
      waiting.delete(key);
      if (abort) return abort(error);
      answered = true; // still queued for a connection: answer now, abort once connected
      error.queued = true;
      onQueuedCut?.(opts, error);
      (inner.onError as (e: Error) => void)(error);
    }, ms);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      waiting.delete(key);
    };
    const call = (name: string, args: unknown[]) =>
      typeof inner[name] === 'function'
        ? (inner[name] as (...a: unknown[]) => unknown)(...args)
        : undefined;
    return {
      onConnect(a: Abort, context?: unknown) {
        waiting.delete(key);
        abort = a;
        if (expired) return a(expired);
        return call('onConnect', [a, context]);
      },
      onHeaders(...args: unknown[]) {
        done();
        if (expired) return false;
        return call('onHeaders', args);
      },
      onResponseStarted: () => call('onResponseStarted', []),
      onData: (...args: unknown[]) => call('onData', args),
      onComplete: (...args: unknown[]) => call('onComplete', args),
      onUpgrade: (...args: unknown[]) => call('onUpgrade', args),
      onBodySent: (...args: unknown[]) => call('onBodySent', args),
      onRequestSent: () => call('onRequestSent', []),
      onError(error: Error) {
        done();
        if (answered) return;
        return call('onError', [expired ?? error]);
      },
    } as unknown as Dispatcher.DispatchHandler;
  }

  return new Guarded() as GuardedDispatcher;
}
