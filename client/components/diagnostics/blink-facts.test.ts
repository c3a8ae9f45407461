import { describe, expect, it } from 'vitest';
import type { BlinkReport } from '../../../shared/contracts/blink';
import { blinkFacts, NOT_MEASURED, OUT_OF_RANGE } from './blink-facts';

// The contract takes any finite number: a clock skew of 1e300 ms was shown as "1e+297 s".
const report = (clockSkewMs: number | null, roundTripMs: number | null): BlinkReport => ({
  checks: [],
  userAgent: '',
  javascript: true,
  clockSkewMs,
  roundTripMs,
});

describe("a saved blink report's numbers", () => {
  it('shows what a browser measures', () => {
    expect(blinkFacts(report(-2400, 12))).toMatchObject({
      clockSkew: '-2 s (±1 s)',
      roundTrip: '12 ms',
    });
    // A clock reset to 1970: still shown, it is what support looks for.
    expect(blinkFacts(report(-1.7e12, 0)).clockSkew).toBe('-1700000000 s (±1 s)');
    expect(blinkFacts(report(null, null))).toMatchObject({
      clockSkew: NOT_MEASURED,
      roundTrip: NOT_MEASURED,
    });
  });

  it('shows no number past what a browser can measure', () => {
    for (const n of [1e300, -1e300, 1e16])
      expect(blinkFacts(report(n, Math.abs(n)))).toMatchObject({
        clockSkew: OUT_OF_RANGE,
        roundTrip: OUT_OF_RANGE,
      });
  });
});
