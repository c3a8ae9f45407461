import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import { idempotencyKeyOf } from '../../http/idempotency-key';

// Cart changes that add to what the cart holds (a list or a smart cart into the cart, a past
// order copied into it), and the cart added to a smart cart (0371), done at most once per
// submission (docs/decisions/0328). The form carries a key made when it was rendered
// (Idempotency-Key); the first answer is kept per (shop, account, key, request) for
// REPLAY_SECONDS, and the same request with that key is answered from it. The request is part of
// the identity because one page's key covers all its forms: "Add to cart" of two items, "Add"
// then "Replace" are two submissions. Placing an order (0140) keeps its own keys.
export const REPLAY_SECONDS = 24 * 60 * 60;

export type CartChangeKey = { tenantId: string; accountId: string; key: string; request: string };

/** The request's key and what it asks (method, path and query, body); null without a key. */
export function cartChangeKeyOf(
  request: FastifyRequest,
  owner: { tenantId: string; accountId: string },
): CartChangeKey | null {
  const key = idempotencyKeyOf(request);
  if (!key) return null;
  const asked = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
  return { ...owner, key, request: asked };
}

export type CartChange<T> = {
  /** Makes the change in the transaction; its answer. */
  run(tx: Queryable): Promise<T>;
  /** What is kept of the answer for a replay (the change's own part: not the cart). */
  kept(answer: T): object;
  /** The answer to a replay, from what was kept (and the cart as it is now). */
  replay(tx: Queryable, kept: object): Promise<T>;
};

export type Changed<T> = { answer: T; replayed: boolean };

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';

async function keptAnswer(q: Queryable, key: CartChangeKey): Promise<object | null> {
  const { rows } = await q.query<{ answer: object }>(
    `select answer from cart_change_keys
      where tenant_id = $1 and account_id = $2 and idempotency_key = $3 and request = $4`,
    [key.tenantId, key.accountId, key.key, key.request],
  );
  return rows[0]?.answer ?? null;
}

/**
 * Runs the change in one transaction, once per key and request. Two submissions with one key are
 * serialised by an advisory lock on it, so the second waits for the first to commit and then
 * finds its answer; the primary key is the last word. A refused change (a 4xx thrown by `run`)
 * rolls back with its key: the same form may be sent again once the problem is fixed.
 */
export async function changeCartOnce<T>(
  db: Db,
  key: CartChangeKey | null,
  change: CartChange<T>,
): Promise<Changed<T>> {
  if (!key) return { answer: await db.transaction((tx) => change.run(tx)), replayed: false };
  const replayed = async (q: Queryable, kept: object) => ({
    answer: await change.replay(q, kept),
    replayed: true,
  });
  try {
    return await db.transaction(async (tx): Promise<Changed<T>> => {
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `cart-change/${key.tenantId}/${key.accountId}/${key.key}`,
      ]);
      const kept = await keptAnswer(tx, key);
      if (kept) return replayed(tx, kept);
      const answer = await change.run(tx);
      await tx.query(
        `insert into cart_change_keys (tenant_id, account_id, idempotency_key, request, answer)
         values ($1, $2, $3, $4, $5::jsonb)`,
        [key.tenantId, key.accountId, key.key, key.request, JSON.stringify(change.kept(answer))],
      );
      return { answer, replayed: false };
    });
  } catch (error) {
    const kept = isUniqueViolation(error) ? await keptAnswer(db, key) : null;
    if (kept) return db.transaction((tx) => replayed(tx, kept));
    throw error;
  }
}

/** Deletes the keys older than REPLAY_SECONDS (the platform's sweep, every minute); how many. */
export async function purgeOldKeys(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `with gone as (
       delete from cart_change_keys where created_at < now() - make_interval(secs => $1)
       returning 1)
     select count(*)::int as n from gone`,
    [REPLAY_SECONDS],
  );
  return rows[0]?.n ?? 0;
}
