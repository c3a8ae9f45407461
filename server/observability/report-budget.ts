// How many error reports of each kind of fault may leave the process a minute (issue #27 item 4,
// issue #28 item 2): a flood of one kind (an upstream down, a bad deploy's exception) uses up its
// own budget, never another kind's, so a real exception is still reported during a storm of
// timeouts. Dropped reports are counted (gateway_error_reports_total{kind="dropped"}).
// `test`: /sentry-test's deliberate failures (ADR 0348), which a visitor asks for.
export type FaultKind = 'exception' | 'upstream_5xx' | 'timeout' | 'unreachable' | 'test';

export const FAULT_KINDS: readonly FaultKind[] = [
  'exception',
  'upstream_5xx',
  'timeout',
  'unreachable',
  'test',
];

/** The kind of a failed HTTP exchange: no answer (0) by its code, else its status. */
export function faultKindOf(status: number, statusText: string): FaultKind {
  if (status === 504 || /TIMEOUT/i.test(statusText)) return 'timeout';
  if (status === 0 || status === 502) return 'unreachable';
  return 'upstream_5xx';
}

export class ReportBudget {
  private readonly windows = new Map<string, { start: number; sent: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether one more report of `kind` may leave now (counted when it may). */
  take(kind: string): boolean {
    const now = this.now();
    let window = this.windows.get(kind);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, sent: 0 };
      this.windows.set(kind, window);
    }
    if (window.sent >= this.perMinute) return false;
    window.sent += 1;
    return true;
  }
}
