// /sentry-test and /blink-test are public, so each gateway process lets through at most so many of
// their deliberate failures and stored reports a minute (issue #7 items 4, 5: harmless in production).
export const TEST_FAILURES_PER_MINUTE = 20;
export const BLINK_REPORTS_PER_MINUTE = 60;

/** A per-process budget of `perMinute` uses in each minute-long window. */
export function minuteLimit(perMinute: number): (now?: number) => boolean {
  let windowStart = 0;
  let used = 0;
  return (now = Date.now()) => {
    if (now - windowStart > 60_000) {
      windowStart = now;
      used = 0;
    }
    return ++used <= perMinute;
  };
}

export const takeTestFailure = minuteLimit(TEST_FAILURES_PER_MINUTE);
export const takeBlinkReportSlot = minuteLimit(BLINK_REPORTS_PER_MINUTE);
