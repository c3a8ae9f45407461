// The longest the event loop was held while something ran in this process: a chain of
// setImmediate turns beside it, the longest gap between two. On the embedded database (PGlite)
// a statement holds the loop for as long as it runs, so a request that comes meanwhile waits
// that long before it is even read.
import { performance } from 'node:perf_hooks';

export type LoopGaps = { /** Stops the watch: the longest gap, ms. */ stop(): number };

export function watchLoopGaps(): LoopGaps {
  let last = performance.now();
  let longest = 0;
  let watching = true;
  const turn = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (watching) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stop() {
      watching = false;
      turn();
      return longest;
    },
  };
}
