import type { Queryable } from '../../db/db';
import { HttpError } from '../../http/errors';

// Per-account lockout with back-off (docs/decisions/0131). An attempt is counted before the
// password is checked, so parallel guesses count too; the 5th unsuccessful attempt in a row locks
// the e-mail for 30 s, each later one doubles that, up to 15 min. A locked e-mail is refused before
// any password hashing (cheap), even with the right password. Success clears the count.
export const FREE_ATTEMPTS = 5;
export const FIRST_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;
/** A count older than this starts again from zero. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

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

type AttemptRow = { attempts: number; locked_for: number | null; idle: number };

/** Counts one attempt for the e-mail (in its own transaction), or throws TooManyAttempts. */
export async function reserveAttempt(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  tenantId: string,
  email: string,
): Promise<void> {
  const retryAfter = await db.transaction(async (tx) => {
    await tx.query(
      'insert into sign_in_attempts (tenant_id, email) values ($1, $2) on conflict do nothing',
      [tenantId, email],
    );
    const { rows } = await tx.query<AttemptRow>(
      `select attempts, extract(epoch from locked_until - now())::float8 as locked_for,
         extract(epoch from now() - updated_at)::float8 as idle
       from sign_in_attempts where tenant_id = $1 and email = $2 for update`,
      [tenantId, email],
    );
    const row = rows[0]!;
    if (row.locked_for !== null && row.locked_for > 0) return Math.ceil(row.locked_for);
    const attempts = (row.idle > FORGET_AFTER_SECONDS ? 0 : row.attempts) + 1;
    const lock = lockSeconds(attempts);
    await tx.query(
      `update sign_in_attempts set attempts = $3, updated_at = now(),
         locked_until = case when $4::int > 0 then now() + make_interval(secs => $4::int) end
       where tenant_id = $1 and email = $2`,
      [tenantId, email, attempts, lock],
    );
    return 0;
  });
  if (retryAfter > 0) throw new TooManyAttempts(retryAfter);
}

/** The right password (or a finished reset): the count starts again. */
export async function clearAttempts(q: Queryable, tenantId: string, email: string): Promise<void> {
  await q.query('delete from sign_in_attempts where tenant_id = $1 and email = $2', [
    tenantId,
    email,
  ]);
}
