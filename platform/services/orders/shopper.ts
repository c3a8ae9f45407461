import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { requirePrincipal, requireShopAccount } from '../../auth/principal';
import type { Queryable } from '../../db/db';
import { badRequest, forbidden, unauthorized } from '../../http/errors';

// Who a commerce request is for: a signed-in account of one shop. Orders, lists, smart carts and
// the profile are shared by these four services, which all key their rows by (tenant, account).
export type Shopper = { accountId: string; tenantId: string };

/** The signed-in shopper, or 401. A token of one shop used on another shop's origin is refused. */
export function requireShopper(request: FastifyRequest): Shopper {
  const principal = requireShopAccount(request);
  return { accountId: principal.accountId, tenantId: principal.tenantId };
}

/** The caller, guest or signed in, as the owner of a cart in its shop (a quote, the slots). */
export function requireCartOwner(request: FastifyRequest): {
  tenantId: string;
  principalId: string;
} {
  const principal = requirePrincipal(request);
  if (request.tenant && request.tenant.id !== principal.tenantId) {
    throw unauthorized('This session belongs to another shop');
  }
  return { tenantId: principal.tenantId, principalId: principal.id };
}

/** A guest session (no account), or 401/403: guest checkout is for guests (issue #29). */
export function requireGuest(request: FastifyRequest): { tenantId: string; principalId: string } {
  const principal = requirePrincipal(request);
  if (principal.accountId) throw forbidden('Signed in: use the checkout of your account');
  if (request.tenant && request.tenant.id !== principal.tenantId) {
    throw unauthorized('This session belongs to another shop');
  }
  return { tenantId: principal.tenantId, principalId: principal.id };
}

/** The shopper's own rows that are limited in number (a table name, never user input). */
type LimitedTable = 'shopping_lists' | 'smart_carts' | 'delivery_addresses' | 'payment_methods';

/** 400 when the shopper already has `max` rows in `table`: "At most 50 smart carts: delete one first". */
export async function refuseBeyond(
  tx: Queryable,
  shopper: Shopper,
  table: LimitedTable,
  max: number,
  what: string,
): Promise<void> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from ${table} where account_id = $1 and tenant_id = $2`,
    [shopper.accountId, shopper.tenantId],
  );
  if (rows[0]!.n >= max) throw badRequest(`At most ${max} ${what}: delete one first`);
}

/** A new id with a readable prefix (`ord-3f9c...`); 64 random bits are plenty per shop. */
export function newId(prefix: string): string {
  return `${prefix}-${randomBytes(8).toString('hex')}`;
}

/** Timestamps leave the platform as ISO 8601 strings in UTC. */
export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}
