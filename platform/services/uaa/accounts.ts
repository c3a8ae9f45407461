import type { Queryable } from '../../db/db';

// Account rows of uaa, and the shape GET /account answers with.
export type AccountRow = {
  id: string;
  tenant_id: string;
  email: string;
  login: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  activated: boolean;
};

export type AccountView = {
  id: string;
  login: string;
  email: string;
  firstName: string;
  lastName: string;
  activated: boolean;
  tenantId: string;
  authorities: string[];
};

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function accountByEmail(
  q: Queryable,
  tenantId: string,
  email: string,
): Promise<AccountRow | null> {
  const { rows } = await q.query<AccountRow>(
    'select * from accounts where tenant_id = $1 and email = $2',
    [tenantId, normaliseEmail(email)],
  );
  return rows[0] ?? null;
}

export async function accountById(q: Queryable, id: string): Promise<AccountRow | null> {
  const { rows } = await q.query<AccountRow>('select * from accounts where id = $1', [id]);
  return rows[0] ?? null;
}

export function accountView(row: AccountRow): AccountView {
  return {
    id: row.id,
    login: row.login,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    activated: row.activated,
    tenantId: row.tenant_id,
    authorities: ['ROLE_USER'],
  };
}

/** What a guest's token answers: an account without an id (so the visitor counts as logged out). */
export const GUEST_ACCOUNT = {
  id: null,
  login: null,
  email: null,
  activated: false,
  authorities: ['ROLE_ANONYMOUS'],
} as const;
