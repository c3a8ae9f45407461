import { changesStateOnGet } from '../request/csrf';
import { isConnectionLost, retryJitter } from './connection-lost';

// The gateway's own read (a page's loader, the account, the cart: ./platform-call.ts) whose
// connection was lost before any answer is asked again once (docs/decisions/0355, as the proxy
// does since 0353): after a short random wait, within the call's own deadline (the second try
// gets what is left of it). Never a write, nor the GET the specification makes change the cart
// (copyBookingToCart), nor after a timeout or an answer of any kind.

const READS: readonly string[] = ['GET', 'HEAD'];

/** Whether a platform call may be sent a second time: a bodiless read that changes nothing. */
export function mayReadAgain(method: string, hasBody: boolean, path: string): boolean {
  if (hasBody || !READS.includes(method)) return false;
  let routePath: string;
  try {
    // As the router will read it: `%43opyBookingToCart` is copyBookingToCart too.
    routePath = decodeURIComponent(path.split('?', 1)[0]!);
  } catch {
    return false; // a path no router reads as one: not worth a second try
  }
  return !changesStateOnGet(routePath);
}

/**
 * The milliseconds a second try gets: what is left of the call's deadline after the wait, or null
 * when that is under 1 ms (0 would be no deadline at all to the pool's guard).
 */
export function secondTryMs(leftMs: number, waitMs: number): number | null {
  const ms = Math.floor(leftMs - waitMs);
  return ms >= 1 ? ms : null;
}

/**
 * One call's chance of a second try, decided once, when its first try failed: by the pool's watch
 * (which then does not report the failure: the try that ends the call does, if it fails too) and
 * by the call itself, which must agree.
 */
export class SecondTry {
  /** The random wait before the second try. */
  readonly waitMs = retryJitter();
  private readonly endsAt: number;
  /** The second try's deadline, null for none; undefined: not decided yet. */
  private decided: number | null | undefined;

  constructor(
    timeoutMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.endsAt = now() + timeoutMs;
  }

  /** The second try's deadline after the first try failed with `error`, or null: none. */
  after(error: unknown): number | null {
    this.decided ??= isConnectionLost(error)
      ? secondTryMs(this.endsAt - this.now(), this.waitMs)
      : null;
    return this.decided;
  }

  /** For the pool's watch: whether a second try follows the first's `error`. */
  readonly follows = (error: Error): boolean => this.after(error) !== null;
}
