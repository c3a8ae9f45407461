import { performance, type EventLoopUtilization } from 'node:perf_hooks';

// How long a session's page waited for its data, over its last few pages (ADR 0294). The early
// head waits `afterMs` in case the data comes first (ADR 0287); when every one of the last
// `window` pages took longer than that, the upstream is a network hop slower than the wait, and
// waiting only delays the browser: the head then goes at once. One fast page (the platform
// nearer, a cache warm again) brings the wait back.
//
// Pages also wait when the gateway itself is busy: a saturated event loop answers late whatever
// the upstream. A head sent early costs a page more CPU (ADR 0287), so while the loop was busy
// more than `busyAbove` of the last stretch of at least `stretchMs`, the wait stays.
export type DataWait = {
  /** A page's data took `ms`, from its start until it was rendered. */
  record(ms: number): void;
  /**
   * True when each of the last pages took longer than `afterMs` and the gateway was not busy
   * (false until there are enough pages).
   */
  alwaysLongerThan(afterMs: number): boolean;
};

export type LoopClock = {
  /** performance.eventLoopUtilization's contract: a mark, or the stretch since one. */
  utilization(since?: EventLoopUtilization): EventLoopUtilization;
};

const nodeLoop: LoopClock = { utilization: (since) => performance.eventLoopUtilization(since) };

export function createDataWait(
  options: { window?: number; busyAbove?: number; stretchMs?: number; loop?: LoopClock } = {},
): DataWait {
  const { window = 8, busyAbove = 0.8, stretchMs = 100, loop = nodeLoop } = options;
  const recent = new Float64Array(window);
  let count = 0;
  let mark = loop.utilization();
  let busy = false;
  return {
    record(ms) {
      recent[count % window] = ms;
      count += 1;
      const stretch = loop.utilization(mark);
      if (stretch.idle + stretch.active >= stretchMs) {
        busy = stretch.utilization > busyAbove;
        mark = loop.utilization();
      }
    },
    alwaysLongerThan(afterMs) {
      if (count < window || busy) return false;
      for (const ms of recent) if (ms <= afterMs) return false;
      return true;
    },
  };
}
