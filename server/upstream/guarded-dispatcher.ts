import { Dispatcher } from 'undici';

// Every call to the platform goes through this wrapper of the shared pool (issue #12 item 2,
// docs/decisions/0121):
// - a request undici would refuse (a header value with CR/LF/NUL, a path with a space) is refused
//   here, before the pool sees it: undici's client marks its connection busy when its Request
//   constructor throws, and never frees it (128 such requests wedged every page for ~72 s);
// - every call has a deadline up to the response headers that also covers the wait for a pool
//   connection (undici's own timeouts and abort signals only start once the request is written);
// - calls still waiting for a connection are counted, so readiness can report a wedged pool;
// - every call passed on is told to an observer (the upstream watch: trace header, metrics,
//   failed answers reported), with the same handler object.
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

type Abort = (reason?: Error) => void;

/** The callbacks undici's client calls on a handler (the "legacy" ones it calls natively). */
type CallHandler = {
  onConnect?(abort: Abort, context?: object): void;
  onError?(error: Error): void;
  onUpgrade?(statusCode: number, headers: Buffer[] | null, socket: unknown): void;
  onResponseStarted?(): void;
  onHeaders?(statusCode: number, headers: Buffer[], resume: () => void, text: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete?(trailers: Buffer[] | null): void;
  onBodySent?(chunkSize: number, totalBytesSent: number): void;
  onRequestSent?(): void;
};

/** How one call went, told to whoever watches the calls (observability/upstream-watch.ts). */
export type CallWatch = {
  /** The headers to send instead of the call's own (a trace header added, say). */
  readonly headers: Dispatcher.DispatchOptions['headers'];
  /** The upstream answered (a final status: 200 or more). */
  answered(statusCode: number, statusText: string): void;
  /** No answer: the call failed, or the caller aborted it. */
  failed(error: Error): void;
  /**
   * Cut by its deadline while still waiting for a connection: the pool never saw the call, and
   * the watch is told nothing more of it.
   */
  queuedCut(error: UpstreamTimeoutError): void;
};

/**
 * Watches every call the guard passes on. One observer rather than a second dispatcher wrapper:
 * each wrapper cost every call a handler object of its own, and every callback one more call
 * through it (ADR 0201).
 */
export type CallObserver = { start(opts: Dispatcher.DispatchOptions): CallWatch };

export type GuardedDispatcher = Dispatcher & {
  /** Milliseconds the oldest call still waiting for a connection has waited (0: none). */
  oldestWaitMs(): number;
};

/** How often the calls in flight are checked against their deadlines. */
const SWEEP_MS = 50;

export function guardDispatcher(
  inner: Dispatcher,
  defaultDeadlineMs: number,
  observer?: CallObserver,
): GuardedDispatcher {
  const calls = new CallsInFlight();

  class Guarded extends Dispatcher {
    override dispatch(
      opts: Dispatcher.DispatchOptions,
      handler: Dispatcher.DispatchHandler,
    ): boolean {
      const problem = requestProblem(opts);
      const h = handler as CallHandler & { onRequestStart?: unknown };
      if (problem) {
        h.onError!(new UpstreamRequestInvalidError(problem));
        return true;
      }
      // New-style handlers (none of ours) pass through unguarded.
      if (typeof h.onRequestStart === 'function') return inner.dispatch(opts, handler);
      const watch = observer?.start(opts) ?? null;
      const call = new GuardedCall(h, watch, calls, opts.headersTimeout ?? defaultDeadlineMs);
      calls.add(call);
      return inner.dispatch(
        watch ? { ...opts, headers: watch.headers } : opts,
        call as Dispatcher.DispatchHandler,
      );
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

/**
 * The calls before their answer's headers, in a list linked through the calls (no map, no
 * timer per call), checked every SWEEP_MS while there are any. A timer per call cost each a
 * Timeout object and its async-context hook (~2 % of a proxied read's CPU, ADR 0201); a map
 * holding the calls kept them alive long enough to be promoted, doubling the collector's time.
 * Deadlines are kept to within SWEEP_MS.
 */
class CallsInFlight {
  private first: GuardedCall | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  add(call: GuardedCall): void {
    call.next = this.first;
    if (this.first) this.first.prev = call;
    this.first = call;
    if (!this.sweeper) {
      this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
      this.sweeper.unref();
    }
  }

  remove(call: GuardedCall): void {
    if (call.prev) call.prev.next = call.next;
    else if (this.first === call) this.first = call.next;
    else return; // not in the list (removed before)
    if (call.next) call.next.prev = call.prev;
    call.prev = call.next = null;
  }

  private sweep(): void {
    const now = performance.now();
    for (let call = this.first; call;) {
      const next = call.next;
      if (call.deadline <= now) {
        this.remove(call);
        call.expire();
      }
      call = next;
    }
    if (!this.first && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
  }

  oldestWaitMs(): number {
    let oldest = Infinity;
    for (let call = this.first; call; call = call.next)
      if (!call.connected) oldest = Math.min(oldest, call.since);
    return oldest === Infinity ? 0 : performance.now() - oldest;
  }
}

/**
 * One call's handler: its deadline up to the answer's headers (also while it waits for a
 * connection), its watch told how it went, and undici's callbacks passed on to the caller's.
 */
class GuardedCall implements CallHandler {
  prev: GuardedCall | null = null;
  next: GuardedCall | null = null;
  readonly since = performance.now();
  readonly deadline: number;
  connected = false;
  private abort: Abort | null = null;
  private expired: UpstreamTimeoutError | null = null;
  /** Answered by the guard (cut while queued): undici's late callbacks are not passed on. */
  private answered = false;

  constructor(
    private readonly inner: CallHandler,
    private readonly watch: CallWatch | null,
    private readonly calls: CallsInFlight,
    private readonly ms: number,
  ) {
    this.deadline = this.since + ms;
  }

  /** The deadline passed before the answer's headers. */
  expire(): void {
    const error = new UpstreamTimeoutError(`no upstream answer within ${this.ms} ms`);
    this.expired = error;
    if (this.abort) return this.abort(error);
    this.answered = true; // still queued for a connection: answer now, abort once connected
    error.queued = true;
    this.watch?.queuedCut(error);
    this.inner.onError?.(error);
  }

  onConnect(abort: Abort, context?: object): void {
    this.connected = true;
    this.abort = abort;
    if (this.expired) return abort(this.expired);
    this.inner.onConnect?.(abort, context);
  }

  onHeaders(statusCode: number, headers: Buffer[], resume: () => void, text: string): boolean {
    this.calls.remove(this);
    if (statusCode >= 200) this.watch?.answered(statusCode, text);
    if (this.expired) return false;
    return this.inner.onHeaders?.(statusCode, headers, resume, text) ?? true;
  }

  onData(chunk: Buffer): boolean {
    return this.inner.onData?.(chunk) ?? true;
  }

  onComplete(trailers: Buffer[] | null): void {
    this.inner.onComplete?.(trailers);
  }

  onError(error: Error): void {
    this.calls.remove(this);
    if (this.answered) return;
    const reason = this.expired ?? error;
    this.watch?.failed(reason);
    this.inner.onError?.(reason);
  }

  onUpgrade(statusCode: number, headers: Buffer[] | null, socket: unknown): void {
    this.inner.onUpgrade?.(statusCode, headers, socket);
  }

  onResponseStarted(): void {
    this.inner.onResponseStarted?.();
  }

  onBodySent(chunkSize: number, totalBytesSent: number): void {
    this.inner.onBodySent?.(chunkSize, totalBytesSent);
  }

  onRequestSent(): void {
    this.inner.onRequestSent?.();
  }
}
