// How a bench hands its verdict to bench/run.mjs: one line `BENCH_RESULT {...}` on stdout, after
// its own human-readable figures. `pass` is null for a figure printed for insight only.
export type Check = { target: string; measured: string; pass: boolean | null };

export function reportResult(bench: string, checks: Check[]): void {
  for (const check of checks) {
    const verdict = check.pass === null ? 'info' : check.pass ? 'PASS' : 'FAIL';
    console.log(`${verdict.padEnd(4)}  ${check.target}: ${check.measured}`);
  }
  console.log(`BENCH_RESULT ${JSON.stringify({ bench, checks })}`);
}
