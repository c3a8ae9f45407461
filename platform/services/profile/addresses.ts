import type { DeliveryAddress } from '../../../shared/contracts/profile';
import type { Queryable } from '../../db/db';
import type { Shopper } from '../orders/shopper';

// Reading delivery addresses (the default flag is kept by default-flag.ts).
type AddressRow = {
  id: string;
  name: string;
  line1: string;
  line2: string;
  postcode: string;
  city: string;
  country: string;
  phone: string;
  instructions: string;
  is_default: boolean;
};

const toAddress = (r: AddressRow): DeliveryAddress => ({
  id: r.id,
  name: r.name,
  line1: r.line1,
  line2: r.line2,
  postcode: r.postcode,
  city: r.city,
  country: r.country,
  phone: r.phone,
  instructions: r.instructions,
  isDefault: r.is_default,
});

/** Default first, then oldest first. */
export async function listAddresses(q: Queryable, shopper: Shopper): Promise<DeliveryAddress[]> {
  const { rows } = await q.query<AddressRow>(
    `select * from delivery_addresses where account_id = $1 and tenant_id = $2
     order by is_default desc, created_at, id`,
    [shopper.accountId, shopper.tenantId],
  );
  return rows.map(toAddress);
}

export async function findAddress(
  q: Queryable,
  shopper: Shopper,
  id: string,
): Promise<DeliveryAddress | null> {
  const { rows } = await q.query<AddressRow>(
    'select * from delivery_addresses where id = $1 and account_id = $2 and tenant_id = $3',
    [id, shopper.accountId, shopper.tenantId],
  );
  return rows[0] ? toAddress(rows[0]) : null;
}
