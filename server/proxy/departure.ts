import type { ServerResponse } from 'node:http';
import type { LeaveSignal } from './stream-exchange';

/**
 * The fast path's "the visitor left": set when the response closes before it finished, as the
 * route's AbortController is, but without an AbortController (an AbortSignal costs a
 * transferable object, and undici's listener on it an abort-listener registration, per call:
 * together ~30 % of a proxied read's CPU, ADR 0201). One listener at a time is all an attempt
 * needs. The fast path's own 'close' listener calls `closed` (one listener per response, not one
 * per concern).
 */
export class Departure implements LeaveSignal {
  aborted = false;
  private listener: (() => void) | null = null;

  addEventListener(_type: 'abort', listener: () => void): void {
    this.listener = listener;
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    if (this.listener === listener) this.listener = null;
  }

  /** The response closed: the visitor left unless it had all of the answer. */
  closed(res: ServerResponse): void {
    if (res.writableFinished) return;
    this.aborted = true;
    const listener = this.listener;
    this.listener = null;
    listener?.();
  }
}
