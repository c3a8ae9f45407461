import { Worker } from 'node:worker_threads';

// A delaying tap in front of the platform (issue #30 item 3): every call reaches the platform
// `latencyMs` after it was sent, as over a slow link, and is logged with the page's CID (the
// product header every gateway call carries), its path and when it started and ended, so a bench
// can tell how many calls a page made and how many round trips deep they were. The tap relays
// bytes from a thread of its own (./delay-tap-worker.ts), so its work does not queue behind the
// platform's, and keeps its log there until the bench collects it after a page (`collect`): it
// sends nothing to the bench's thread while calls are in flight.
export type TapCall = { cid: string; method: string; path: string; start: number; end: number };

export type DelayTap = {
  url: string;
  /** The calls collected so far; times on this thread's performance.now() clock. */
  calls: TapCall[];
  /** Fetches from the tap's thread the calls whose answers have left it since the last time. */
  collect(): Promise<void>;
  /** The collected calls of one page, by its CID. */
  callsOf(cid: string): TapCall[];
  close(): Promise<void>;
};

type TapMessage = { type: 'ready'; port: number } | { type: 'calls'; calls: TapCall[] };

export async function startDelayTap(platformUrl: string, latencyMs: number): Promise<DelayTap> {
  const calls: TapCall[] = [];
  const worker = new Worker(new URL('./delay-tap-worker.ts', import.meta.url), {
    workerData: { platformUrl, latencyMs },
  });
  const collected: (() => void)[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: TapMessage) => {
      if (message.type === 'ready') return resolve(message.port);
      // From the epoch clock the worker keeps to this thread's performance.now().
      const origin = performance.timeOrigin;
      for (const call of message.calls)
        calls.push({ ...call, start: call.start - origin, end: call.end - origin });
      collected.shift()?.();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    collect: () =>
      new Promise<void>((resolve) => {
        collected.push(resolve);
        worker.postMessage({ type: 'collect' });
      }),
    callsOf: (cid) => calls.filter((call) => call.cid === cid),
    close: async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ type: 'close' });
      await exited;
    },
  };
}

/**
 * Round trips on the critical path: the longest chain of calls each of which started after the
 * one before it had ended. Calls that overlap count once, whatever their number.
 */
export function roundTrips(calls: readonly TapCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    let before = 0;
    for (let j = 0; j < i; j += 1)
      if (sorted[j]!.end <= sorted[i]!.start) before = Math.max(before, depth[j]!);
    depth.push(before + 1);
  }
  return Math.max(0, ...depth);
}
