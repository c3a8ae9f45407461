import { describe, expect, it } from 'vitest';
import { faultKindOf, ReportBudget } from './report-budget';

describe('the report budget', () => {
  it('is per kind of fault: a flood of one kind leaves the others their whole budget', () => {
    let now = 0;
    const budget = new ReportBudget(60, () => now);
    const timeouts = Array.from({ length: 500 }, () => budget.take('timeout'));
    expect(timeouts.filter(Boolean)).toHaveLength(60);
    expect(Array.from({ length: 60 }, () => budget.take('exception')).every(Boolean)).toBe(true);
    expect(budget.take('exception')).toBe(false);
    now = 60_000;
    expect(budget.take('timeout')).toBe(true);
  });

  it('names the kind of a failed exchange', () => {
    expect(faultKindOf(0, 'GW_UPSTREAM_TIMEOUT')).toBe('timeout');
    expect(faultKindOf(504, 'Gateway Timeout')).toBe('timeout');
    expect(faultKindOf(0, 'ECONNREFUSED')).toBe('unreachable');
    expect(faultKindOf(502, 'Bad Gateway')).toBe('unreachable');
    expect(faultKindOf(503, 'Service Unavailable')).toBe('upstream_5xx');
  });
});
