import type { Db, Queryable } from '../../db/queryable';
import { fingerprintOf } from './fingerprint';

// The error inbox's groups (docs/decisions/0362): the newest GROUPED reports by fingerprint, each
// counted, with its newest report. The fingerprint is kept in its column from intake, so the
// grouping is one SQL statement over small columns; the payloads are not read.

export type EventGroup = {
  fingerprint: string;
  /** The message of its newest event. */
  message: string;
  count: number;
  lastSeen: string;
  lastEventId: string;
};

/** How many of the newest reports (of a CID, when asked by one) the groups count. */
const GROUPED = 5_000;
/** Reports fingerprinted a statement when the platform fills those stored before. */
const FILL_BATCH = 1_000;

// The newest reports without a fingerprint, locked; the partial index of migration 026 finds them.
// A row another transaction is filling is waited for and then, filled, not returned (PostgreSQL
// checks a locked row's condition again), or else skipped.
const UNFINGERPRINTED = `select id::text as key, payload from error_events where fingerprint is null
  order by id desc limit $1 for update`;
const UNFINGERPRINTED_SKIPPING_LOCKED = `${UNFINGERPRINTED} skip locked`;

type GroupRow = {
  fingerprint: string;
  count: number;
  message: string;
  event_id: string;
  received_at: Date | string;
};

/** The groups, the most frequent first; of as many, the one seen last first. */
export async function listGroups(q: Queryable, cid: string | null): Promise<EventGroup[]> {
  const { rows } = await q.query<GroupRow>(
    `with recent as (
       select id, fingerprint, message, event_id, received_at from error_events
       where ($1::text is null or cid = $1) order by id desc limit $2
     ), counted as (
       select fingerprint, count(*)::int as count, max(id) as newest from recent
       group by fingerprint
     )
     select c.fingerprint, c.count, r.message, r.event_id, r.received_at
     from counted c join recent r on r.id = c.newest
     order by c.count desc, c.newest desc`,
    [cid, GROUPED],
  );
  return rows.map((row) => ({
    fingerprint: row.fingerprint,
    message: row.message,
    count: row.count,
    lastSeen: new Date(row.received_at).toISOString(),
    lastEventId: row.event_id,
  }));
}

/**
 * Fingerprints the reports stored without one (before migration 026), newest first, a batch a
 * transaction; returns how many. Instances starting together on one server share the work: each
 * skips the rows another has locked. `waiting`: waits for such rows instead, and finds them filled
 * (a listing must group them all).
 */
export async function fillFingerprints(
  db: Pick<Db, 'transaction'>,
  waiting = false,
): Promise<number> {
  let filled = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ key: string; payload: unknown }>(
        waiting ? UNFINGERPRINTED : UNFINGERPRINTED_SKIPPING_LOCKED,
        [FILL_BATCH],
      );
      if (rows.length === 0) return 0;
      await tx.query(
        `update error_events e set fingerprint = f.fingerprint
         from unnest($1::text[], $2::text[]) as f (key, fingerprint) where e.id = f.key::bigint`,
        [rows.map((row) => row.key), rows.map((row) => fingerprintOf(row.payload))],
      );
      return rows.length;
    });
    filled += batch;
    if (batch < FILL_BATCH) return filled;
  }
}

/**
 * Fingerprints the reports written without one since this platform started: in a rolling deploy
 * on one PostgreSQL server, an older platform still writes them (docs/decisions/0368). Called
 * before a listing, so that no group is `null`. With none to fill (every listing but those of a
 * rolling deploy), it costs one look into the empty partial index.
 */
export async function fillLateFingerprints(db: Pick<Db, 'query' | 'transaction'>): Promise<number> {
  const { rows } = await db.query(
    'select 1 from error_events where fingerprint is null order by id desc limit 1',
  );
  return rows.length === 0 ? 0 : fillFingerprints(db, true);
}
