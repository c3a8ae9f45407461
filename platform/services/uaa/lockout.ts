import type { Queryable } from '../../db/db';
import { HttpError } from '../../http/errors';

// Sign-in lockout with back-off, per e-mail **and client address** (docs/decisions/0241; it
// replaces 0131's lock per e-mail, which anyone could trigger for a chosen shopper). An attempt is
// counted before the password is checked, in one transaction with the rows locked, so parallel
// guesses count too. From one address, the 5th unsuccessful attempt in a row locks that address
// out of that e-mail for 30 s, each later one doubles it, up to 15 min; other addresses are not
// affected, so the owner signs in from theirs. Over every address together, an e-mail takes at
// most CEILING attempts an hour (distributed guessing); past it, every address waits for the hour
// to end. A locked attempt is refused before any password hashing (cheap), the right password too.
export const FREE_ATTEMPTS = 5;
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;
/** Attempts an e-mail takes from all addresses together in CEILING_WINDOW_SECONDS. */
export const CEILING = 100;
export const CEILING_WINDOW_SECONDS = 60 * 60;
/** A count older than this starts again from zero. */
export const FORGET_AFTER_SECONDS = 24 * 60 * 60;
const EVERY_ADDRESS = '*';

/**
 * Who makes the attempt: a sign-in from a client address group (shared/address-group.ts; counted
 * for the address and against the e-mail's ceiling), or the current-password check of a
 * signed-in session (counted for that session alone: no sign-in lock blocks a password change).
 */
export type AttemptSource = { address: string } | { session: string };

export function lockSeconds(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_LOCK_SECONDS * 2 ** (attempts - FREE_ATTEMPTS), MAX_LOCK_SECONDS);
}

export class TooManyAttempts extends HttpError {
  constructor(readonly retryAfter: number) {
    super(
      429,
      'too_many_attempts',
      `Too many sign-in attempts for this account; try again in ${retryAfter} s`,
    );
  }
}

const sourceKey = (source: AttemptSource) =>
  'address' in source ? `address:${source.address || 'unknown'}` : `session:${source.session}`;

type Row = { source: string; attempts: number; locked_for: number | null; idle: number };

/** Counts one attempt (in its own transaction), or throws TooManyAttempts. */
export async function reserveAttempt(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  tenantId: string,
  email: string,
  source: AttemptSource,
): Promise<void> {
  const own = sourceKey(source);
  const keys = 'address' in source ? [EVERY_ADDRESS, own] : [own];
  const retryAfter = await db.transaction(async (tx) => {
    for (const key of keys)
      await tx.query(
        'insert into sign_in_failures (tenant_id, email, source) values ($1, $2, $3) on conflict do nothing',
        [tenantId, email, key],
      );
    // Locked in one order ('*' first), so two attempts never wait for each other's rows.
    const { rows } = await tx.query<Row>(
      `select source, attempts, extract(epoch from locked_until - now())::float8 as locked_for,
         extract(epoch from now() - updated_at)::float8 as idle
       from sign_in_failures where tenant_id = $1 and email = $2 and source = any($3::text[])
       order by source for update`,
      [tenantId, email, keys],
    );
    const locked = Math.max(0, ...rows.map((row) => row.locked_for ?? 0));
    if (locked > 0) return Math.ceil(locked);
    for (const row of rows) {
      if (row.source === EVERY_ADDRESS) await countTowardsCeiling(tx, tenantId, email, row);
      else {
        const attempts = (row.idle > FORGET_AFTER_SECONDS ? 0 : row.attempts) + 1;
        await tx.query(
          `update sign_in_failures set attempts = $4, updated_at = now(),
             locked_until = case when $5::int > 0 then now() + make_interval(secs => $5::int) end
           where tenant_id = $1 and email = $2 and source = $3`,
          [tenantId, email, row.source, attempts, lockSeconds(attempts)],
        );
      }
    }
    return 0;
  });
  if (retryAfter > 0) throw new TooManyAttempts(retryAfter);
}

/** The e-mail's count over every address, in hour-long windows (updated_at: the window's start). */
async function countTowardsCeiling(tx: Queryable, tenantId: string, email: string, row: Row) {
  const fresh = row.idle > CEILING_WINDOW_SECONDS;
  const attempts = (fresh ? 0 : row.attempts) + 1;
  await tx.query(
    `update sign_in_failures set attempts = $3,
       updated_at = case when $4::boolean then now() else updated_at end,
       locked_until = case when $3::int >= $5::int
         then (case when $4::boolean then now() else updated_at end) + make_interval(secs => $6::int) end
     where tenant_id = $1 and email = $2 and source = '*'`,
    [tenantId, email, attempts, fresh, CEILING, CEILING_WINDOW_SECONDS],
  );
}

/**
 * The right password: the source's count starts again (and its attempt is taken back from the
 * ceiling). Without a source (a finished reset: the owner proved the address), every count of the
 * e-mail ends.
 */
export async function clearAttempts(
  q: Queryable,
  tenantId: string,
  email: string,
  source?: AttemptSource,
): Promise<void> {
  if (!source) {
    await q.query('delete from sign_in_failures where tenant_id = $1 and email = $2', [
      tenantId,
      email,
    ]);
    return;
  }
  await q.query(
    'delete from sign_in_failures where tenant_id = $1 and email = $2 and source = $3',
    [tenantId, email, sourceKey(source)],
  );
  if ('address' in source)
    await q.query(
      `update sign_in_failures set attempts = greatest(attempts - 1, 0)
       where tenant_id = $1 and email = $2 and source = '*'`,
      [tenantId, email],
    );
}
