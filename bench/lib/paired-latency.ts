import { median } from './page-timing';

// Paired last-byte times of two builds (bench/latency-compare.ts): page i of one and page i of
// the other ran one right after the other, so their difference carries little of the machine's
// drift; the median of the differences and a 95 % interval for it, from resampling the pairs.

export type PairedDifference = { median: number; low: number; high: number; pairs: number };

/** `a[i] - b[i]` for every pair, summed up; `random` may be seeded for a test. */
export function pairedDifference(
  a: readonly number[],
  b: readonly number[],
  { resamples = 1_000, random = Math.random } = {},
): PairedDifference {
  const pairs = Math.min(a.length, b.length);
  const differences = Array.from({ length: pairs }, (_, i) => a[i]! - b[i]!);
  if (pairs === 0) return { median: NaN, low: NaN, high: NaN, pairs };
  const medians: number[] = [];
  for (let t = 0; t < resamples; t += 1)
    medians.push(median(differences.map(() => differences[Math.floor(random() * pairs)]!)));
  medians.sort((x, y) => x - y);
  return {
    median: median(differences),
    low: medians[Math.floor(resamples * 0.025)]!,
    high: medians[Math.min(resamples - 1, Math.floor(resamples * 0.975))]!,
    pairs,
  };
}
