// Reloads the page for a new build at most once per path within 10 seconds (specification
// sections 4 and 9), so a broken deployment cannot trap a shopper in a reload loop.
export const RELOAD_GUARD_MS = 10_000;

export type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The tab's sessionStorage; null where the browser refuses it (blocked: reading it throws). */
export function tabStorage(): GuardStorage | null {
  try {
    return window.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** True when a reload of `path` is allowed now; records it. */
export function mayReload(
  path: string,
  storage: GuardStorage | null = tabStorage(),
  now = Date.now(),
): boolean {
  // No storage (disabled, blocked, private mode, full): a reload it cannot record could repeat
  // forever, so none.
  if (!storage) return false;
  const key = `storefront:reload:${path}`;
  try {
    const last = storage.getItem(key);
    if (last !== null && now - Number(last) < RELOAD_GUARD_MS) return false;
    storage.setItem(key, String(now));
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
  const message = reason instanceof Error ? reason.message : String(reason ?? '');
  return /dynamically imported module|Importing a module script failed/i.test(message);
}
