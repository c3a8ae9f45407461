import { performance } from 'node:perf_hooks';
import type { Db } from '../../platform/db/db';
import { sweepTurn, type SweptTable } from '../../platform/db/swept-table';
import { FREEZE_AGE, tablesPast } from '../../platform/db/transaction-age';
import { sweepMemory } from '../../platform/db/vacuum-choice';
import { watchLoopGaps } from './loop-gaps';

// The sweep's freezes on PGlite (docs/decisions/0381), for bench/table-sweep.ts: turns of the
// sweep with a bound every table of the database has passed, as when its ids grow older than
// FREEZE_AGE, one table a turn, the oldest first, until each is frozen; each turn's longest
// stall (./loop-gaps.ts) and its VACUUM (FREEZE). And what a turn pays to learn that nothing is
// past the bound (the query every turn makes).

const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Every table frozen once, a turn each: the stalls, the longest named. */
export async function freezeTurns(db: Db, tables: SweptTable[], round: string): Promise<void> {
  const frozen: { table: string; stall: number; freeze: number }[] = [];
  let vacuums = 0;
  const memory = sweepMemory();
  // Bound 0: every table not frozen since its last write is past it; a purge's deletes may age a
  // frozen one again, which ends the round.
  while (frozen.length < 1_000) {
    let freeze = 0;
    const query: Db['query'] = async (sql, params) => {
      const t = performance.now();
      try {
        return await db.query(sql, params);
      } finally {
        if (/^vacuum \(freeze\)/.test(sql)) freeze = performance.now() - t;
      }
    };
    const gaps = watchLoopGaps();
    const { vacuumed } = await sweepTurn(
      { query, exclusive: true },
      tables,
      () => false,
      memory,
      0,
    );
    const stall = gaps.stop();
    if (!vacuumed) break;
    if (!vacuumed.frozen) vacuums += 1;
    else if (frozen.some((turn) => turn.table === vacuumed.table)) break;
    else frozen.push({ table: vacuumed.table, stall, freeze });
  }
  const longest = [...frozen].sort((a, b) => b.stall - a.stall).slice(0, 6);
  console.log(
    `${round}: ${frozen.length} tables frozen, one a turn (and ${vacuums} due VACUUMs between), ` +
      `VACUUM (FREEZE) in all ${ms(frozen.reduce((sum, turn) => sum + turn.freeze, 0))}; ` +
      `a turn's longest stall ${ms(median(frozen.map((turn) => turn.stall)))} (median), the ` +
      `longest: ${longest.map((turn) => `${turn.table} ${ms(turn.stall)} (its freeze ${ms(turn.freeze)})`).join(', ')}`,
  );
}

/** The query each turn makes to find a table past FREEZE_AGE (none): its median of 100. */
export async function freezeCheck(db: Db): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    await tablesPast(db, FREEZE_AGE);
    times.push(performance.now() - t);
  }
  console.log(
    `a turn's look for tables past the freeze bound: ${ms(median(times))} (median of 100)`,
  );
}
