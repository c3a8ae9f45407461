import { performance } from 'node:perf_hooks';
import { pruner, type BoundedTable, type Retention } from '../../platform/db/bounded-table';
import type { Db, Queryable } from '../../platform/db/db';

// An inbox from empty to its bound and on (docs/decisions/0395), as the platform runs it on
// PGlite: the table emptied, then its bound and `beyond` more rows written, 25 a statement (a
// batch of the analytics inbox's route), copies of its newest 25 rows (their mix of kinds), each
// with a CID of its own (as a shop's visitors: spread over the CID index), the pruner told after
// each statement. What its prunes cost: their VACUUMs while it grew and once past its bound (how
// many, their time, the longest) and their other statements (each holds PGlite, one thread: the
// longest is the longest stall a prune made); the most rows it held (its ids are consecutive
// here: the newest less the oldest) and its file at the end.

const BATCH = 25;

type Timings = { vacuums: number[]; statements: number[] };

const sum = (values: number[]) => values.reduce((all, ms) => all + ms, 0).toFixed(0);
const longest = (values: number[]) => Math.max(0, ...values).toFixed(0);
const vacuumLine = ({ vacuums }: Timings) =>
  `${vacuums.length} VACUUMs, ${sum(vacuums)} ms, the longest ${longest(vacuums)} ms`;

export async function growingInbox(
  db: Db,
  table: BoundedTable,
  retention: Retention,
  columns: string,
  beyond: number,
): Promise<string> {
  const growing: Timings = { vacuums: [], statements: [] };
  const full: Timings = { vacuums: [], statements: [] };
  let now = growing;
  const query: Queryable['query'] = async (sql, params) => {
    const t = performance.now();
    try {
      return await db.query(sql, params);
    } finally {
      (/^vacuum/.test(sql) ? now.vacuums : now.statements).push(performance.now() - t);
    }
  };
  const copied = columns
    .split(', ')
    .map((column) => (column === 'cid' ? 'md5(random()::text)' : column))
    .join(', ');
  const { rows: newest } = await db.query<{ rows: unknown }>(
    `select jsonb_agg(to_jsonb(t) order by id) as rows
     from (select * from ${table.name} order by id desc limit ${BATCH}) t`,
  );
  await db.query(`truncate ${table.name}`);
  await db.query(
    `insert into ${table.name} (${columns})
     select ${columns} from jsonb_populate_recordset(null::${table.name}, $1::jsonb)`,
    [newest[0]!.rows],
  );
  const bounded = pruner({ query, exclusive: db.exclusive }, table, retention, (error) => {
    throw error;
  });
  let most = BATCH;
  const t = performance.now();
  for (let written = BATCH; written < retention.keep + beyond; written += BATCH) {
    const { rows } = await db.query<{ id: number }>(
      `insert into ${table.name} (${columns})
       select ${copied} from ${table.name}
       where id > (select max(id) from ${table.name}) - ${BATCH} order by id
       returning id::float8 as id`,
    );
    const { rows: span } = await db.query<{ n: number }>(
      `select (max(id) - min(id) + 1)::float8 as n from ${table.name}`,
    );
    most = Math.max(most, span[0]!.n);
    // Past its bound: the prunes of a full inbox.
    if (most > retention.keep) now = full;
    await bounded.inserted(Math.max(...rows.map((row) => row.id)));
  }
  const total = performance.now() - t;
  const { rows: size } = await db.query<{ mb: number }>(
    `select pg_table_size('${table.name}')::float8 / 1048576 as mb`,
  );
  const statements = [...growing.statements, ...full.statements];
  return (
    `${retention.keep} + ${beyond} rows in ${(total / 1000).toFixed(1)} s; ` +
    `growing: ${vacuumLine(growing)}; full: ${vacuumLine(full)}; ` +
    `the prunes' other ${statements.length} statements ${sum(statements)} ms, the longest ` +
    `${longest(statements)} ms; most rows held ${most}; file ${size[0]!.mb.toFixed(1)} MB`
  );
}
