import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/queryable';

// GET /readyz: the platform can serve, which is its database answering. /healthz says only that
// the process is alive (a liveness probe: a restart cannot bring a database back). The app takes
// its port once its database is open and migrated (../main.ts; until then the port's holder
// answers both 503 `starting`, ../held-port.ts), so both answer 200 from the app's start;
// after it, a PostgreSQL server (DATABASE_URL) can go away, and then /readyz turns 503 while
// /healthz stays 200. The check has its own deadline, under a probe's timeout, so that a database
// that does not answer at all (its host gone, every pooled connection taken) is a 503 with its
// reason rather than a probe timing out (docs/decisions/0226).

/** How long the check waits for the database: under the readiness probe's 3 s timeout. */
export const READY_DEADLINE_MS = 2_000;

/** Whether `select 1` answers within `deadlineMs`. */
export async function databaseAnswers(db: Queryable, deadlineMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  const answered = db.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerReadiness(
  app: FastifyInstance,
  db: Queryable,
  deadlineMs = READY_DEADLINE_MS,
): void {
  // No log line for a probe (as /healthz): one every few seconds says nothing.
  const route = {
    logLevel: 'silent' as const,
    schema: { summary: 'Readiness', tags: ['platform'] },
  };
  app.get('/readyz', route, async (_, reply) =>
    (await databaseAnswers(db, deadlineMs))
      ? { status: 'ready' }
      : reply.status(503).send({ status: 'database-unavailable' }),
  );
}
