import type { IncomingMessage } from 'node:http';
import type { RequestScope } from '../observability/scope';
import type { Attempt } from './stream-exchange';

// A proxied read the pre-routing fast path (./fast-path.ts) started but does not finish itself:
// the upstream answered >= 400 (error shape, 401 renewal, 503 retry) or did not answer. The
// request then goes through Fastify as any other, keeping what the fast path already used:
// the CID and the scope the upstream call carried (trace id, a report's event id), and the
// upstream's outcome, so the proxy route answers from it instead of calling the upstream again.
export type Handover = {
  cid: string;
  scope: RequestScope;
  /** The first attempt's outcome (never 'written'). */
  outcome: Exclude<Attempt, { kind: 'written' }>;
};

const handed = new WeakMap<IncomingMessage, Handover>();

export function handOver(req: IncomingMessage, handover: Handover): void {
  handed.set(req, handover);
}

export function handoverOf(req: IncomingMessage): Handover | undefined {
  return handed.get(req);
}

/** The outcome, once: a renewal or a retry calls the upstream again. */
export function takeOutcome(req: IncomingMessage): Handover['outcome'] | undefined {
  const handover = handed.get(req);
  if (!handover) return undefined;
  const { outcome } = handover;
  (handover as { outcome?: unknown }).outcome = undefined;
  return outcome;
}
