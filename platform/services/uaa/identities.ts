import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../http/errors';
import { accountByEmail, type AccountRow } from './accounts';
import type { ExternalIdentity } from './id-token';
import { revokeAccountSessions } from './refresh-tokens';

// Accounts of external sign-ins: an identity (issuer, subject) belongs to one account of a shop.
// The first sign-in links to the account with the same e-mail only when the provider verified that
// e-mail, or else creates an account (activated, no password: password_hash ''). An account whose
// e-mail nobody ever proved (registered, never activated) is not linked as it is: whoever
// registered it may not be the e-mail's owner (pre-hijacking, docs/decisions/0240), so all they set
// goes and the account starts again as the provider's.
export type IdentityRow = {
  id: string;
  account_id: string;
  issuer: string;
  subject: string;
  email: string;
  created_at: Date;
  last_used_at: Date;
};

export async function accountOfIdentity(
  tx: Queryable,
  tenantId: string,
  identity: ExternalIdentity,
): Promise<AccountRow> {
  const { rows } = await tx.query<AccountRow>(
    `update identities i set last_used_at = now(), email = $4 from accounts a
     where i.tenant_id = $1 and i.issuer = $2 and i.subject = $3 and a.id = i.account_id
     returning a.*`,
    [tenantId, identity.issuer, identity.subject, identity.email],
  );
  if (rows[0]) return rows[0];

  const existing = await accountByEmail(tx, tenantId, identity.email);
  if (existing && !identity.emailVerified) {
    throw new HttpError(
      409,
      'email_conflict',
      'An account with this e-mail already exists, and your provider has not verified the e-mail. Sign in with your password instead.',
    );
  }
  if (!existing && !identity.emailVerified) {
    throw new HttpError(
      403,
      'email_not_verified',
      'Your provider has not verified your e-mail address. Verify it there, or create an account with a password.',
    );
  }
  const account = existing
    ? existing.activated
      ? existing
      : await claimUnprovenAccount(tx, existing, identity)
    : (
        await tx.query<AccountRow>(
          `insert into accounts (id, tenant_id, email, login, password_hash, first_name, last_name, activated)
           values ($1, $2, $3, $3, '', $4, $5, true) returning *`,
          [
            `acc-${randomUUID()}`,
            tenantId,
            identity.email,
            identity.givenName,
            identity.familyName,
          ],
        )
      ).rows[0]!;
  await tx.query(
    `insert into identities (id, tenant_id, account_id, issuer, subject, email) values ($1, $2, $3, $4, $5, $6)`,
    [
      `idn-${randomUUID()}`,
      tenantId,
      account.id,
      identity.issuer,
      identity.subject,
      identity.email,
    ],
  );
  return account;
}

export async function identitiesOf(q: Queryable, accountId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    'select * from identities where account_id = $1 order by created_at',
    [accountId],
  );
  return rows;
}

/**
 * The provider proved the e-mail of an account nobody had proven: whoever registered it (perhaps
 * not the owner) loses everything they set: password, names, phone, the pending activation and
 * reset keys, any session and sign-in count. The row (its id) stays, now the provider's account,
 * activated, as if the provider's sign-in had created it.
 */
async function claimUnprovenAccount(
  tx: Queryable,
  account: AccountRow,
  identity: ExternalIdentity,
): Promise<AccountRow> {
  const { rows } = await tx.query<AccountRow>(
    `update accounts set password_hash = '', first_name = $2, last_name = $3, phone = '',
       activated = true, activation_key = null, reset_key = null, reset_expires_at = null
     where id = $1 returning *`,
    [account.id, identity.givenName, identity.familyName],
  );
  await revokeAccountSessions(tx, account.id);
  await tx.query('delete from identities where account_id = $1', [account.id]);
  return rows[0]!;
}

type LinkedRow = { has_password: boolean } & (
  Pick<IdentityRow, 'id' | 'issuer' | 'email' | 'created_at' | 'last_used_at'> | { id: null }
);

/**
 * Whether the account has a password, and its identities, oldest first; null for no account. One
 * statement (one row of nulls but has_password when none is linked): the profile page's call.
 */
export async function linkedSignInsOf(q: Queryable, accountId: string) {
  const { rows } = await q.query<LinkedRow>(
    `select a.password_hash <> '' as has_password, i.id, i.issuer, i.email, i.created_at, i.last_used_at
     from accounts a left join identities i on i.account_id = a.id
     where a.id = $1 order by i.created_at`,
    [accountId],
  );
  if (!rows[0]) return null;
  return {
    hasPassword: rows[0].has_password,
    identities: rows.filter((row) => row.id !== null) as Exclude<LinkedRow, { id: null }>[],
  };
}
