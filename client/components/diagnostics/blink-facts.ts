import type { BlinkReport, StoredBlinkReport } from '../../../shared/contracts/blink';
import { browserName } from './browser-name';

// A saved report's browser and numbers as /blink-test/result shows them, formatted on the server:
// the loader's data is in the page too, so the sender's User-Agent and numbers stay out of it
// (ADR 0344). The contract bounds neither number beyond "finite": a clock skew of 1e300 ms was
// shown as "1e+297 s". Shown only within what a browser can measure, reports saved before
// included (no contract change: the platform keeps what it stored).

/** A clock a century off (a lost date, 1970 on a dead battery) is still a clock a browser has. */
const SKEW_LIMIT_MS = 100 * 365.25 * 24 * 3600 * 1000;
/** blink-run.ts waits for its probes without a timeout; an hour is past any answer kept. */
const ROUND_TRIP_LIMIT_MS = 3600 * 1000;

export const OUT_OF_RANGE = 'Not shown: out of range';
export const NOT_MEASURED = 'not measured';

export interface BlinkFacts {
  browser: string;
  clockSkew: string;
  roundTrip: string;
}

/** What the result page shows of a stored report: its checks (in the shop's words) and facts. */
export type ShownBlinkReport = Omit<StoredBlinkReport, 'report'> & {
  report: Pick<BlinkReport, 'checks' | 'javascript'>;
  facts: BlinkFacts;
};

export function blinkFacts(report: BlinkReport): BlinkFacts {
  const { clockSkewMs: skew, roundTripMs: trip } = report;
  return {
    browser: browserName(report.userAgent),
    clockSkew:
      skew === null
        ? NOT_MEASURED
        : Math.abs(skew) <= SKEW_LIMIT_MS
          ? `${Math.round(skew / 1000)} s (±1 s)`
          : OUT_OF_RANGE,
    roundTrip:
      trip === null
        ? NOT_MEASURED
        : trip <= ROUND_TRIP_LIMIT_MS
          ? `${Math.round(trip)} ms`
          : OUT_OF_RANGE,
  };
}
