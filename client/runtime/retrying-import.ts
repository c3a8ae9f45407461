// A module loaded once, on first need, that a failed load does not disable for good: a network
// hiccup or a deploy that replaced the chunk would otherwise leave the page without it until it
// is reloaded. A failure answers null; the next call after `pauseMs` tries again (a storm of calls
// meanwhile costs no request each). A load under way is shared; one that succeeded is kept.
export function retryingImport<T>(
  importer: () => Promise<T>,
  now: () => number = Date.now,
  pauseMs = 5_000,
): () => Promise<T | null> {
  let loading: Promise<T | null> | null = null;
  let failedAt = -Infinity;
  return () => {
    if (loading) return loading;
    if (now() - failedAt < pauseMs) return Promise.resolve(null);
    return (loading = importer().catch(() => {
      failedAt = now();
      loading = null;
      return null;
    }));
  };
}
