import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Booking } from '../../../shared/contracts/booking';
import { requirePrincipal, type Principal } from '../../auth/principal';
import type { Db, Queryable } from '../../db/db';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { ensureCart, readBooking, touchCart, type CartKey } from './cart-store';

// Who may touch which cart: any principal (guest or account) its own cart, in its own shop only.
export const TenantParams = z.object({ tenantId: z.string().min(1).max(100) });

/** The cart key of the caller for the path's tenant; another shop's path is a 403. */
export function cartKeyFor(request: FastifyRequest, tenantId: string): CartKey {
  const principal = requirePrincipal(request);
  checkShop(request, principal, tenantId);
  return { tenantId, principalId: principal.id };
}

export function checkShop(request: FastifyRequest, principal: Principal, tenantId: string): void {
  // The token names its shop; the path and the gateway's shop header must agree with it.
  if (tenantId !== principal.tenantId) throw forbidden('This cart belongs to another shop');
  if (request.tenant && request.tenant.id !== principal.tenantId)
    throw forbidden('This token belongs to another shop');
}

/** A guest cart's change that came after the sign-in merged it (docs/decisions/0323). */
const MERGED =
  'You signed in meanwhile and this cart moved to your account: make the change again there';

/**
 * One change to the caller's cart, in one transaction. The cart row is locked first (touchCart), so
 * concurrent changes to one cart queue up instead of deadlocking on each other's item rows. A
 * guest's change that meets the sign-in merging that cart into the account's is refused (409):
 * applied after the merge it would be lost with the guest's session (docs/decisions/0323).
 */
export async function changeCart(
  db: Db,
  request: FastifyRequest,
  tenantId: string,
  change: (tx: Queryable, cartUid: string) => Promise<void>,
): Promise<Booking> {
  const key = cartKeyFor(request, tenantId);
  return db.transaction(async (tx) => {
    const cartUid = await ensureCart(tx, key);
    if (!(await touchCart(tx, cartUid))) throw conflict(MERGED);
    await change(tx, cartUid);
    return readBooking(tx, cartUid);
  });
}

/** An offering a shopper may put in this shop's cart: known, of this shop, available. */
export async function checkOffering(
  tx: Queryable,
  tenantId: string,
  offeringId: string,
): Promise<void> {
  const { rows } = await tx.query<{ tenant_id: string; available: boolean }>(
    'select tenant_id, available from offerings where id = $1',
    [offeringId],
  );
  const offering = rows[0];
  if (!offering || offering.tenant_id !== tenantId)
    throw badRequest(`Unknown offering: ${offeringId}`);
  if (!offering.available) throw badRequest(`Offering ${offeringId} is not available`);
}
