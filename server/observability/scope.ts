import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';

// What every report, metric and upstream call of one gateway request needs to know about it,
// without threading it through every function: the CID, the W3C trace id, the tenant, the route
// id and, once the account is known, the visitor. Set for the request by plugins/observability.ts.
export type ReportUser = { id: string; login: string | null; email: string | null };

export type RequestScope = {
  cid: string;
  traceId: string;
  /** Host of the shop; the tenant id once the context has been loaded. */
  tenant: string;
  routeId: string;
  /** undefined: not known yet; null: a guest or logged out. */
  user?: ReportUser | null;
  /** Looks the visitor up (only on a failure path: it costs an account call). */
  lookupUser?: () => Promise<ReportUser | null>;
  /** The id of the report this request produced (sent back as X-Event-Id). */
  eventId?: string;
  /** Upstream calls made inside report nothing (the lookup of the user for a report). */
  quiet?: boolean;
};

const storage = new AsyncLocalStorage<RequestScope>();

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

// Random ids are cut from a block of random bytes: one call to the system's generator per block
// instead of two per request, on every request's path (ADR 0158).
const entropy = Buffer.alloc(4096);
let entropyAt = entropy.length;

function randomHex(bytes: number): string {
  if (entropyAt + bytes > entropy.length) {
    randomFillSync(entropy);
    entropyAt = 0;
  }
  entropyAt += bytes;
  return entropy.toString('hex', entropyAt - bytes, entropyAt);
}

/** The caller's trace id when it sent a valid W3C traceparent, a fresh one otherwise. */
export function traceIdFrom(header: unknown): string {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header) : null;
  if (match && !/^0+$/.test(match[1]!)) return match[1]!;
  return randomHex(16);
}

/** A traceparent for one upstream call: the request's trace, a new span id, sampled. */
export function traceparentFor(traceId: string): string {
  return `00-${traceId}-${randomHex(8)}-01`;
}

/** The visitor's user of the scope, looked up if that is possible and not done yet. */
export async function scopeUser(scope: RequestScope): Promise<ReportUser | null> {
  if (scope.user !== undefined) return scope.user;
  if (!scope.lookupUser) return null;
  const lookup = scope.lookupUser;
  scope.lookupUser = undefined;
  try {
    scope.user = await runInScope({ ...scope, quiet: true }, lookup);
  } catch {
    scope.user = null;
  }
  return scope.user;
}
