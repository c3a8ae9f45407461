import { PGlite, parse, protocol, type ExecProtocolResult } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { idleDatabasesFrozen, type IdleDatabases } from './idle-databases';
import type { Db, Row } from './queryable';
import { statementNames } from './statement-names';

// The embedded database (PGlite). Its own query() parses and plans every statement again and
// sends six protocol messages, each a separate call into the database; most of a short read's
// time goes there. Here a statement is prepared (and described) once under a name, then each call
// is one message batch: bind, execute, sync (docs/decisions/0289). PGlite leaves its protocol
// calls unguarded (it keeps a statement's answer collector across an await), so every call into
// PGlite from outside a transaction waits for this module's own lock, which a transaction holds
// from BEGIN to COMMIT: a read never lands inside someone else's transaction, and no two
// statements are in the protocol at once. A transaction's own statements, which may run
// together, take PGlite's query lock (runExclusive) as its unnamed ones do.
const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Runs the functions given to it one after another, in the order they came. */
function serialLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

const embedded = new WeakMap<Db, PGlite>();

// PGlite's file systems in Node (in memory, or NodeFS on a data directory) write through at every
// call: their `syncToFs` does nothing, but asking for it costs each statement a round of PGlite's
// file-system lock (0.3-0.5 ms of a signed-in page's platform calls). Only the browser's file
// systems (IndexedDB, OPFS) have anything to sync, and this module never runs there.
const NO_SYNC = { syncToFs: false };

async function start(dataDir: string | undefined, template?: Blob) {
  // No dataDir: in memory (tests that do not care about persistence). pg_trgm: search's typo
  // tolerance (docs/decisions/0160); PostgreSQL servers ship it in contrib.
  const lite = new PGlite({
    dataDir,
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  await lite.waitReady;
  return lite;
}

export async function openEmbedded(
  dataDir: string | undefined,
  template: Blob | undefined,
  preparedStatements = true,
  idle: IdleDatabases = {},
): Promise<Db> {
  let lite = await start(dataDir, template);
  // The template databases of the cluster, frozen when past the bound (docs/decisions/0381); in
  // memory the cluster lives no longer than the process: nothing to freeze.
  if (dataDir) lite = await idleDatabasesFrozen(lite, dataDir, () => start(dataDir), idle);
  // A prepared statement's plan is made once: with `auto`, PostgreSQL keeps planning a join whose
  // generic plan it estimates dearer on every call (the cart's products, planning most of its
  // read). The reference data is small, so a generic plan is as good as a custom one.
  if (preparedStatements) await lite.exec('set plan_cache_mode = force_generic_plan');
  const names = statementNames(preparedStatements);
  // What describing each prepared statement told: its parameter types (they pick each value's
  // serializer) and its row description, given to every answer's rows instead of asking again.
  const described = new Map<
    string,
    { types: number[]; rowDescription: ExecProtocolResult['messages'] }
  >();
  const lock = serialLock();

  async function prepared<T extends Row>(
    name: string,
    text: string,
    params: readonly unknown[],
  ): Promise<{ rows: T[] }> {
    let statement = described.get(name);
    if (!statement) {
      const { messages } = await lite.execProtocol(
        concat([
          serialize.parse({ name, text }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        NO_SYNC,
      );
      statement = {
        types: parse.parseDescribeStatementResults(messages),
        rowDescription: messages.filter((message) => message.name === 'rowDescription'),
      };
      described.set(name, statement);
    }
    const { types } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = lite.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await lite.execProtocol(
      concat([
        serialize.bind({ statement: name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      NO_SYNC,
    );
    return parse.parseResults(
      [...statement.rowDescription, ...messages],
      lite.parsers,
    )[0] as unknown as { rows: T[] };
  }

  const db: Db = {
    // Outside a transaction every call into PGlite waits for this module's lock, so a prepared
    // statement needs no other: nothing else can be in PGlite's protocol meanwhile.
    query: async (sql, params = []) => {
      const name = names.nameOf(sql);
      if (!name) return lock(() => lite.query(sql, params as unknown[])) as never;
      return lock(() => prepared(name, sql, params));
    },
    transaction: (fn) =>
      lock(() =>
        lite.transaction((tx) =>
          fn({
            // The transaction's own statements may run together (Promise.all), beside its
            // unnamed ones: PGlite's query lock orders them.
            query: async (sql, params = []) => {
              const name = names.nameOf(sql);
              if (!name) return tx.query(sql, params as unknown[]) as never;
              return lite.runExclusive(() => prepared(name, sql, params));
            },
          }),
        ),
      ),
    exec: async (sql) => {
      await lock(() => lite.exec(sql));
    },
    close: () => lite.close(),
    exclusive: true,
  };
  embedded.set(db, lite);
  return db;
}

/** A gzipped tarball of an embedded database, for openDb({ template }). */
export async function dumpEmbedded(db: Db): Promise<Blob> {
  const lite = embedded.get(db);
  if (!lite) throw new Error('dumpEmbedded needs an embedded (PGlite) database');
  return lite.dumpDataDir('gzip');
}
