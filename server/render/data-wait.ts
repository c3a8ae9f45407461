// How long a session's page waited for its data, over its last few pages (ADR 0294). The early
// head waits `afterMs` in case the data comes first (ADR 0287); when every one of the last
// `window` pages took longer than that, the upstream is a network hop slower than the wait, and
// waiting only delays the browser: the head then goes at once. One fast page (the platform
// nearer, a cache warm again) brings the wait back.
export type DataWait = {
  /** A page's data took `ms`, from its start until it was rendered. */
  record(ms: number): void;
  /** True when each of the last pages took longer than `afterMs` (false until there are enough). */
  alwaysLongerThan(afterMs: number): boolean;
};

export function createDataWait(window = 8): DataWait {
  const recent = new Float64Array(window);
  let count = 0;
  return {
    record(ms) {
      recent[count % window] = ms;
      count += 1;
    },
    alwaysLongerThan(afterMs) {
      if (count < window) return false;
      for (const ms of recent) if (ms <= afterMs) return false;
      return true;
    },
  };
}
