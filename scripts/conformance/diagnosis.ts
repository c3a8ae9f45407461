import type { Result } from './run';

// What a run's failures say together, which no row says alone: an adopter's first run most often
// fails whole for one reason (nothing answers at the URL, or the upstream does not know the shop
// origin the kit sends, by default the base URL's own), and read 29 or 42 failed rows for it.

const called = (r: Result) => r.outcome !== 'blocked' && r.outcome !== 'not called';

/** One line naming the likely cause of a run's failures, or null when they have none in common. */
export function diagnosis(
  results: readonly Result[],
  run: { baseUrl: string; origin: string; originGiven: boolean },
): string | null {
  const made = results.filter(called);
  if (made.length > 0 && made.every((r) => r.detail.startsWith('no answer')))
    return `Nothing answered at ${run.baseUrl}: is the URL right, and is the upstream running and reachable from here?`;
  const misdirected = made.filter((r) => /^status 421\b/.test(r.detail)).length;
  if (misdirected === 0) return null;
  return run.originGiven
    ? `${misdirected} calls were answered 421: the upstream does not know ${run.origin} as a shop; give one of its shops' origins with --origin.`
    : `${misdirected} calls were answered 421: the upstream does not know ${run.origin} (the base URL's own origin, the default) as a shop; give one of its shops' origins with --origin.`;
}
