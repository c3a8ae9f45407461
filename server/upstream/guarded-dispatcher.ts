import { Dispatcher } from 'undici';
import {
  CallsInFlight,
  GuardedCall,
  SettledController,
  UpstreamTimeoutError,
  type CallWatch,
} from './guarded-call';
import { requestProblem } from './request-problem';

export { UpstreamTimeoutError, type CallWatch };

// Every call to the platform goes through this wrapper of the shared pool (issue #12 item 2,
// docs/decisions/0121):
// - a request undici would refuse (a header value with CR/LF/NUL, a path with a space) is refused
//   here, before the pool sees it: undici's client marks its connection busy when its Request
//   constructor throws, and never frees it (128 such requests wedged every page for ~72 s);
// - every call has a deadline up to the response headers that also covers the wait for a pool
//   connection (undici's own timeouts and abort signals only start once the request is written);
// - so is a call's body timeout (the longest wait for the answer's next chunk), and undici is
//   given neither: its timers stay in a list it sweeps coarsely, long after a fast call ended,
//   so every call's timer was promoted to the old generation, whose collections pause the
//   gateway;
// - a call may also bound its whole exchange, the answer's body included (`exchangeTimeout`):
//   a body trickled a chunk at a time never waits out the body timeout, and this is what ends it
//   (an `AbortSignal.timeout` per call did this before: a timer each, kept its whole length);
// - calls still waiting for a connection are counted, so readiness can report a wedged pool;
// - every call passed on is told to an observer (the upstream watch: trace header, metrics,
//   failed answers reported), with the same handler object.
// Each call's handler and the sweep of their deadlines: ./guarded-call.ts.

/**
 * A call's options as the guard reads them: undici's, and `exchangeTimeout`, the milliseconds the
 * whole exchange may take (from the call to its answer's last byte; none when absent or 0).
 * undici's `request()` hands its options to the dispatcher as they are.
 */
export type GuardedDispatchOptions = Dispatcher.DispatchOptions & {
  exchangeTimeout?: number;
  /** A status the caller will ask again on (the proxy's 503): for the observer, not a failure yet. */
  retriedOn?: number;
  /**
   * Whether the caller asks again after this call failed without an answer (a page's read that
   * lost its connection, ./read-again.ts): for the observer, not a failure yet.
   */
  retriedAfter?: (error: Error) => boolean;
};

export class UpstreamRequestInvalidError extends Error {
  readonly code = 'GW_UPSTREAM_REQUEST_INVALID';
}

/**
 * Watches every call the guard passes on. One observer rather than a second dispatcher wrapper:
 * each wrapper would cost every call a handler object of its own.
 */
export type CallObserver = {
  /** `path`: the call's path as the upstream contract names it (without the base URL's prefix). */
  start(opts: Dispatcher.DispatchOptions, path: string): CallWatch;
};

export type GuardedDispatcher = Dispatcher & {
  /** Milliseconds the oldest call still waiting for a connection has waited (0: none). */
  oldestWaitMs(): number;
};

/**
 * The guard as an undici interceptor (`Dispatcher.compose`, undici's public way to wrap a pool):
 * handlers reach it in undici's current form (onRequestStart, onResponseStart, ...), whatever
 * form the caller used.
 */
export function guardDispatcher(
  inner: Dispatcher,
  defaultDeadlineMs: number,
  observer?: CallObserver,
  /** The upstream base URL's path prefix (SERVICE_URLS may give one), '' for none. */
  prefix = '',
): GuardedDispatcher {
  const calls = new CallsInFlight();
  const guard: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
    const {
      exchangeTimeout,
      retriedOn: _retriedOn,
      retriedAfter: _retriedAfter,
      ...passed
    } = opts as GuardedDispatchOptions;
    const problem = requestProblem(opts);
    if (problem) {
      const error = new UpstreamRequestInvalidError(problem);
      handler.onResponseError?.(new SettledController(error), error);
      return true;
    }
    const watch = observer?.start(opts, contractPath(opts.path ?? '', prefix)) ?? null;
    const call = new GuardedCall(
      handler,
      watch,
      calls,
      opts.headersTimeout ?? defaultDeadlineMs,
      opts.bodyTimeout ?? null,
      exchangeTimeout || null,
    );
    calls.add(call);
    // The deadlines are the guard's: undici sets no timer of its own for the headers, nor for
    // the body when the call gave its timeout (else undici's default applies, as before).
    const headers = watch ? watch.headers : opts.headers;
    const bodyTimeout = call.bodyMs === null ? opts.bodyTimeout : 0;
    return dispatch({ ...passed, headers, headersTimeout: 0, bodyTimeout }, call);
  };
  const guarded = inner.compose(guard);

  class Guarded extends Dispatcher {
    override dispatch(
      opts: Dispatcher.DispatchOptions,
      handler: Dispatcher.DispatchHandler,
    ): boolean {
      return guarded.dispatch(opts, handler);
    }
    override close(): Promise<void> {
      return inner.close();
    }
    override destroy(): Promise<void> {
      return inner.destroy();
    }
    oldestWaitMs(): number {
      return calls.oldestWaitMs();
    }
  }

  return new Guarded() as GuardedDispatcher;
}

/** `path` without the base URL's `prefix`: only a whole leading segment is one (`/base`, not `/basement`). */
function contractPath(path: string, prefix: string): string {
  if (!prefix || !path.startsWith(prefix)) return path;
  const next = path.charAt(prefix.length);
  return next === '/' || next === '?' ? path.slice(prefix.length) : path;
}
