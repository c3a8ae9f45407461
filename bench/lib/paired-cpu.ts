import { prng } from '../../platform/seed/catalogue/generate';

// CPU per request of several builds measured in paired slices (docs/decisions/0299): each
// rotation gives every build one short slice of the same load, one after another, so what the
// shared machine does in that minute lands on all of them. A build's figure is the ratio of its
// sums (CPU seconds over requests, all its slices); a comparison of two builds says how sure it
// is with a 95 % interval from resampling whole rotations (a bootstrap), since one slice of one
// process moved by ±20 % on these machines while the builds differed by a few per cent.

type Slice = { cpuSeconds: number; requests: number };

export type Ratio = {
  /** a's CPU per request over b's, from every slice. */
  ratio: number;
  /** 2.5th and 97.5th percentiles of the ratio over resampled rotations. */
  low: number;
  high: number;
  rotations: number;
};

const RESAMPLES = 2000;

export class PairedCpu {
  /** Per build, its slices by rotation (a rotation may hold several slices of one build). */
  private readonly slices = new Map<string, Slice[][]>();

  add(name: string, rotation: number, cpuSeconds: number, requests: number): void {
    const rotations = this.slices.get(name) ?? [];
    this.slices.set(name, rotations);
    (rotations[rotation] ??= []).push({ cpuSeconds, requests });
  }

  /** µs of CPU per request over all of a build's slices; NaN without any. */
  perRequest(name: string): number {
    return perRequestOf((this.slices.get(name) ?? []).flat());
  }

  /** `a` against `b` over the rotations both have, with its interval. */
  compare(a: string, b: string): Ratio {
    const of = (name: string) => this.slices.get(name) ?? [];
    const both: number[] = [];
    for (let r = 0; r < Math.max(of(a).length, of(b).length); r += 1)
      if (of(a)[r]?.length && of(b)[r]?.length) both.push(r);
    const ratioOver = (rotations: number[]) =>
      perRequestOf(rotations.flatMap((r) => of(a)[r]!)) /
      perRequestOf(rotations.flatMap((r) => of(b)[r]!));
    // Seeded (mulberry32): the same slices give the same interval.
    const next = prng(both.length);
    const resampled = Array.from({ length: RESAMPLES }, () =>
      ratioOver(both.map(() => both[Math.floor(next() * both.length)]!)),
    ).sort((x, y) => x - y);
    return {
      ratio: ratioOver(both),
      low: resampled[Math.floor(RESAMPLES * 0.025)] ?? NaN,
      high: resampled[Math.floor(RESAMPLES * 0.975)] ?? NaN,
      rotations: both.length,
    };
  }
}

function perRequestOf(slices: readonly Slice[]): number {
  let cpu = 0;
  let requests = 0;
  for (const slice of slices) {
    cpu += slice.cpuSeconds;
    requests += slice.requests;
  }
  return requests > 0 ? (1e6 * cpu) / requests : NaN;
}
