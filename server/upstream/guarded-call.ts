import type { IncomingHttpHeaders } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Dispatcher } from 'undici';
import { errors } from 'undici';

// One call under the pool's guard (./guarded-dispatcher.ts): its deadlines (the answer's headers,
// the body's next chunk, the whole exchange) kept by one sweep over the calls in flight, its
// watch told how it went, undici's callbacks passed on to the caller's.

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

type Handler = Dispatcher.DispatchHandler;
type Controller = Dispatcher.DispatchController;

export class UpstreamTimeoutError extends Error {
  readonly code = 'GW_UPSTREAM_TIMEOUT';
  /** Cut while still waiting for a pool connection: the pool never saw an outcome. */
  queued = false;
}

/** How often the calls in flight are checked against their deadlines. */
const SWEEP_MS = 50;

/** The controller of a call the guard answered itself: there is nothing left to control. */
export class SettledController implements Controller {
  readonly aborted = true;
  readonly paused = false;
  constructor(readonly reason: Error) {}
  abort(): void {}
  pause(): void {}
  resume(): void {}
}

/**
 * The calls before their answer's headers, or in its body when the guard keeps the body
 * timeout or the exchange's deadline, in a list linked through the calls (no map, no timer per
 * call), checked every SWEEP_MS while there are any: a timer per call costs each a Timeout
 * object and its async-context hook, and a map holding the calls keeps them alive long enough
 * to be promoted by the collector. Deadlines are kept to within SWEEP_MS.
 */
export class CallsInFlight {
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
      // As undici's body timeout, the wait does not count while the caller holds the answer;
      // the exchange's own deadline, if any, still does.
      if (call.holdingBody) call.waitFrom(now);
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
 * connection), then the body's (the next chunk within `bodyMs`), none of them past the end of
 * the whole exchange (`endBy`) when the call set one; its watch told how it went, and undici's
 * callbacks passed on to the caller's.
 */
export class GuardedCall implements Handler {
  prev: GuardedCall | null = null;
  next: GuardedCall | null = null;
  readonly since = performance.now();
  deadline: number;
  connected = false;
  /** The body timeout the guard keeps, or null: the call set none (undici's default applies). */
  readonly bodyMs: number | null;
  /** When the whole exchange must be over (Infinity: the call set no exchange timeout). */
  private readonly endBy: number;
  /** Reading the answer's body, under the body timeout or the exchange's deadline. */
  private inBody = false;
  private controller: Controller | null = null;
  private expired: UpstreamTimeoutError | null = null;
  /** Answered by the guard (cut while queued): undici's late callbacks are not passed on. */
  private answered = false;

  constructor(
    private readonly inner: Handler,
    private readonly watch: CallWatch | null,
    private readonly calls: CallsInFlight,
    private readonly ms: number,
    bodyTimeout: number | null,
    private readonly exchangeMs: number | null,
  ) {
    this.endBy = exchangeMs === null ? Infinity : this.since + exchangeMs;
    this.deadline = Math.min(this.since + ms, this.endBy);
    this.bodyMs = bodyTimeout || null; // 0 is none, as for undici
  }

  /** The body's next deadline, its wait counted from `now`. */
  waitFrom(now: number): void {
    this.deadline = Math.min(this.bodyMs === null ? Infinity : now + this.bodyMs, this.endBy);
  }

  /** In the body, paused by the caller (the visitor's side is full, say). */
  get holdingBody(): boolean {
    return this.inBody && this.controller?.paused === true;
  }

  /**
   * The deadline passed: before the answer's headers, waiting for the body's next chunk, or at
   * the end of the whole exchange.
   */
  expire(): void {
    if (this.inBody)
      return this.controller!.abort(
        this.deadline >= this.endBy
          ? new UpstreamTimeoutError(`no whole upstream answer within ${this.exchangeMs} ms`)
          : new errors.BodyTimeoutError(),
      );
    const error = new UpstreamTimeoutError(`no upstream answer within ${this.ms} ms`);
    this.expired = error;
    if (this.controller) return this.controller.abort(error);
    this.answered = true; // still queued for a connection: answer now, abort once connected
    error.queued = true;
    this.watch?.queuedCut(error);
    this.inner.onResponseError?.(new SettledController(error), error);
  }

  onRequestStart(controller: Controller, context: unknown): void {
    this.connected = true;
    this.controller = controller;
    if (this.expired) return controller.abort(this.expired);
    this.inner.onRequestStart?.(controller, context);
  }

  onResponseStart(
    controller: Controller,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    // An informational answer renews the wait for the final one, as undici's headers timeout.
    if (statusCode < 200) this.deadline = Math.min(performance.now() + this.ms, this.endBy);
    else if ((this.bodyMs !== null || this.endBy !== Infinity) && !this.expired) {
      this.inBody = true;
      this.waitFrom(performance.now());
    } else this.calls.remove(this);
    if (statusCode >= 200) this.watch?.answered(statusCode, statusMessage ?? '');
    if (this.expired) return;
    this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    if (this.inBody && this.bodyMs !== null) this.waitFrom(performance.now());
    this.inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Controller, trailers: IncomingHttpHeaders): void {
    this.calls.remove(this);
    this.inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Controller, error: Error): void {
    this.calls.remove(this);
    if (this.answered) return;
    const reason = this.expired ?? error;
    this.watch?.failed(reason);
    this.inner.onResponseError?.(controller, reason);
  }

  onRequestUpgrade(
    controller: Controller,
    statusCode: number,
    headers: IncomingHttpHeaders,
    socket: Duplex,
  ): void {
    this.inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }
}
