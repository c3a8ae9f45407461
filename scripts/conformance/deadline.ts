import type { ContractOperation } from './validate';

// How long the gateway waits for an operation's answer (docs/decisions/0343): CONTEXT_TIMEOUT_MS
// for its own calls and the pages' (server side), PROXY_TIMEOUT_MS for those only the browser makes
// through the proxy. The kit waits as long and no longer: a later answer is one the gateway gives
// up on, a 504 for the shopper. Set the same variables as the gateway's to check with its values.
export type Deadlines = { contextTimeoutMs: number; proxyTimeoutMs: number };

/** The gateway's defaults (server/config/runtime.ts). */
export const DEFAULT_DEADLINES: Deadlines = { contextTimeoutMs: 5_000, proxyTimeoutMs: 15_000 };

/** The deadline of an operation: the shortest among its callers', and the setting that sets it. */
export function deadlineOf(
  op: ContractOperation,
  deadlines: Deadlines,
): { ms: number; setting: string } {
  const proxyOnly = op.callers.length > 0 && op.callers.every((caller) => caller === 'browser');
  return proxyOnly
    ? { ms: deadlines.proxyTimeoutMs, setting: 'PROXY_TIMEOUT_MS' }
    : { ms: deadlines.contextTimeoutMs, setting: 'CONTEXT_TIMEOUT_MS' };
}
