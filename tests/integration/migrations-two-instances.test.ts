import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type Db } from '../../platform/db/db';
import { migrate } from '../../platform/db/migrate';
import { runSeeds } from '../../platform/seed/index';
import { startPostgres, type TestPostgres } from '../support/postgres-server';
import { describeOnPostgres } from '../support/postgres-suite';

// Two platform instances starting at once on one empty PostgreSQL database (two replicas, or a
// rollout's new pod beside a restarting one): both migrate and seed, and both must start. Before
// the migrations took a lock, the second failed on the tables the first was creating.
describeOnPostgres('two platform instances migrating at once', () => {
  let server: TestPostgres;
  let dbs: Db[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    dbs = await Promise.all([1, 2].map(() => openDb({ databaseUrl: server.url })));
  });
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await server?.close();
  });

  it('applies every migration once and seeds, whichever instance gets there first', async () => {
    const started = await Promise.allSettled(
      dbs.map(async (db) => {
        const applied = await migrate(db);
        await runSeeds(db);
        return applied;
      }),
    );
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
    ]);
    const [first, second] = started.map((s) => (s.status === 'fulfilled' ? s.value : []));
    // Every migration applied by exactly one of them.
    expect(new Set([...first!, ...second!]).size).toBe(first!.length + second!.length);
    const { rows } = await dbs[0]!.query<{ n: number }>(
      'select count(*)::int as n from schema_migrations',
    );
    expect(rows[0]!.n).toBe(first!.length + second!.length);
  }, 120_000);
});
