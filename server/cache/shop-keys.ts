// The gateway's caches key their entries `<shop origin> <rest>` (sub-request answers, anonymous
// pages, document templates), so that one shop's entries can be dropped alone.

/** Drops every entry, or those of one shop origin; answers how many. */
export function dropShopKeys(
  cache: { keys(): Iterable<string>; delete(key: string): unknown },
  shopOrigin?: string,
): number {
  let dropped = 0;
  for (const key of [...cache.keys()]) {
    if (shopOrigin === undefined || key.startsWith(`${shopOrigin} `)) {
      cache.delete(key);
      dropped += 1;
    }
  }
  return dropped;
}
