import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../http/errors';
import { accountByEmail, type AccountRow } from './accounts';
import type { ExternalIdentity } from './id-token';

// Accounts of external sign-ins: an identity (issuer, subject) belongs to one account of a shop.
// The first sign-in links to the account with the same e-mail only when the provider verified that
// e-mail, or else creates an account (activated, no password: password_hash '').
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
  const account =
    existing ??
    (
      await tx.query<AccountRow>(
        `insert into accounts (id, tenant_id, email, login, password_hash, first_name, last_name, activated)
         values ($1, $2, $3, $3, '', $4, $5, true) returning *`,
        [`acc-${randomUUID()}`, tenantId, identity.email, identity.givenName, identity.familyName],
      )
    ).rows[0]!;
  // Signing in through a provider that verified the e-mail proves the address, as an activation link does.
  if (!account.activated)
    await tx.query('update accounts set activated = true, activation_key = null where id = $1', [
      account.id,
    ]);
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
  return { ...account, activated: true };
}

export async function identitiesOf(q: Queryable, accountId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    'select * from identities where account_id = $1 order by created_at',
    [accountId],
  );
  return rows;
}
