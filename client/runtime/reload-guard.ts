// Reloads the page for a new build at most once per path within 10 seconds (specification
// sections 4 and 9), so a broken deployment cannot trap a shopper in a reload loop.
export const RELOAD_GUARD_MS = 10_000;

export type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * True when a reload of `path` is allowed now; records it. `storage`: the tab's sessionStorage
 * unless given, read inside the guard. Where the browser refuses it (blocked: reading it throws;
 * disabled: null; private mode or a full quota: writing throws) a reload it cannot record could
 * repeat forever, so none.
 */
export function mayReload(path: string, storage?: GuardStorage | null, now = Date.now()): boolean {
  try {
    const tab = storage === undefined ? window.sessionStorage : storage;
    const key = `storefront:reload:${path}`;
    const last = tab!.getItem(key); // null (disabled): a TypeError, caught
    if (last !== null && now - Number(last) < RELOAD_GUARD_MS) return false;
    tab!.setItem(key, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * A failed load of a code-split chunk (an old build's file that is gone after a deployment):
 * Chromium's "Failed to fetch dynamically imported module", Firefox's "error loading dynamically
 * imported module", Safari's "Importing a module script failed".
 */
export function isChunkLoadError(reason: unknown): boolean {
  // An Error's message, or the reason itself (a string, say).
  const message = String((reason as { message?: unknown } | null)?.message ?? reason);
  return /dynamically imported module|Importing a module script failed/i.test(message);
}
