import type { FastifyInstance } from 'fastify';
import { pruner, type BoundedTable, type Pruner, type Retention } from '../db/bounded-table';
import type { Db } from '../db/queryable';
import { sweepTurn, type SweptTable } from '../db/swept-table';
import { databaseAge, FREEZE_AGE } from '../db/transaction-age';
import { sweepMemory } from '../db/vacuum-choice';

/** How often a bounded or swept table is swept (its days pass while nothing is inserted too). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * Runs `sweep` once the platform is ready (a restart with a lower bound applies it at once), then
 * every minute. The timer keeps no process alive and stops when the platform closes; `stop` then
 * ends the sweep under way (the database closes after the platform).
 */
function everyMinute(app: FastifyInstance, sweep: () => void, stop: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await stop();
  });
}

/**
 * Keeps a table to its retention (docs/decisions/0359): the returned pruner is told of inserts by
 * the table's writer, and sweeps it at start and every minute (rows past their days go while
 * nothing new comes). As the sweep's, its statements let waiting requests go first, and on PGlite
 * its VACUUM comes only when due (docs/decisions/0387). A failed prune is logged and tried again.
 */
export function keepBounded(
  app: FastifyInstance,
  db: Db,
  table: BoundedTable,
  retention: Retention,
): Pruner {
  let closing = false;
  const failed = (error: unknown) => {
    if (!closing) app.log.warn({ table: table.name, err: error }, 'retention: prune failed');
  };
  const bounded = pruner(db, table, retention, failed);
  const sweep = () => {
    bounded.prune().then((deleted) => {
      if (deleted > 0) app.log.info({ table: table.name, deleted }, 'retention: rows deleted');
    }, failed);
  };
  everyMinute(app, sweep, async () => {
    closing = true;
    await bounded.stop();
  });
  return bounded;
}

/**
 * Sweeps the tables the platform deletes rows from (docs/decisions/0363), at start and every
 * minute: each one's rows past their time are deleted, and on PGlite the one table most worth it
 * is vacuumed, so that the space of what went is used again (docs/decisions/0374), or frozen once
 * its transaction ids are older than `freezeAge` (docs/decisions/0381; tests give a small one). A
 * step that fails is logged and tried at the next turn.
 */
export function keepSwept(
  app: FastifyInstance,
  db: Db,
  tables: readonly SweptTable[],
  freezeAge = FREEZE_AGE,
): void {
  let closing = false;
  let running: Promise<void> | null = null;
  const memory = sweepMemory();
  const sweepAll = async () => {
    const turn = await sweepTurn(db, tables, () => closing, memory, freezeAge);
    for (const [table, deleted] of turn.deleted)
      if (deleted > 0) app.log.info({ table, deleted }, 'retention: rows deleted');
    const vacuumed = turn.vacuumed;
    if (vacuumed?.frozen) {
      const { table, frozen } = vacuumed;
      app.log.info(
        { table, ageBefore: frozen.before, ageAfter: frozen.after },
        'retention: table frozen, its transaction ids past the bound',
      );
    } else if (vacuumed) app.log.debug(vacuumed, 'retention: table vacuumed');
    if (closing) return;
    for (const { table, error } of turn.failures)
      app.log.warn({ table, err: error }, 'retention: sweep failed');
  };
  // One sweep at a time: a slow one (a first purge of a grown table) is not started again.
  const sweep = () => {
    running ??= sweepAll().finally(() => (running = null));
  };
  if (db.exclusive) app.addHook('onReady', () => warnOfAge(app, db, freezeAge));
  everyMinute(app, sweep, async () => {
    closing = true;
    await running;
  });
}

/**
 * At start on PGlite: a database already past the freeze bound (a data directory that ran
 * before the sweep froze anything) is said, with what follows; the sweep freezes its tables
 * from its first turn on, one a minute.
 */
async function warnOfAge(app: FastifyInstance, db: Db, freezeAge: number) {
  try {
    const age = await databaseAge(db);
    if (age > freezeAge)
      app.log.warn(
        { age, bound: freezeAge },
        'database: transaction ids older than the freeze bound; the sweep freezes its tables, ' +
          'one a minute, the oldest first',
      );
  } catch (error) {
    app.log.warn({ err: error }, 'database: its age could not be read');
  }
}
