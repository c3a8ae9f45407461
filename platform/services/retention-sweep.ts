import type { FastifyInstance } from 'fastify';
import { pruner, type BoundedTable, type Pruner, type Retention } from '../db/bounded-table';
import type { Db } from '../db/queryable';

/** How often a bounded table is swept (its days pass while nothing is inserted too). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * Keeps a table to its retention (docs/decisions/0359): the returned pruner is told of inserts by
 * the table's writer, and sweeps it once the platform is ready (a restart with a lower bound
 * applies it at once), then every minute (rows past their days go while nothing new comes). The
 * timer keeps no process alive and stops when the platform closes; a failed prune is logged and
 * tried again.
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
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  });
  // The database closes after the platform: a prune under way ends with its batch first.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await bounded.stop();
  });
  return bounded;
}
