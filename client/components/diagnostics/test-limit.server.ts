// /sentry-test and /blink-test are public, so each gateway process lets through at most this
// many of their deliberate failures and reports a minute (issue #7 item 4: harmless in production).
export const TEST_FAILURES_PER_MINUTE = 20;
let windowStart = 0;
let used = 0;

export function takeTestFailure(now = Date.now()): boolean {
  if (now - windowStart > 60_000) {
    windowStart = now;
    used = 0;
  }
  return ++used <= TEST_FAILURES_PER_MINUTE;
}
