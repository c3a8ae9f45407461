import { notDeliveredTo } from '../../../shared/delivery-countries';
import type { Queryable } from '../../db/db';
import { badRequest } from '../../http/errors';

// The platform is the authority on where a shop delivers (ADR 0340): an address saved or ordered
// to is in one of its delivery policy's countries, whatever a form offered. The postcode's shape
// is the body schema's (DeliveryAddressInput); this is the shop's own rule. A shop without a
// policy, or whose policy names no country, refuses none.

/** 400 (`Invalid body: <field>: We deliver to Ireland only`) for a country the shop does not serve. */
export async function refuseUndeliveredCountry(
  q: Queryable,
  tenantId: string,
  country: string,
  field: string,
): Promise<void> {
  const { rows } = await q.query<{ countries: string[] }>(
    'select countries from delivery_policies where tenant_id = $1',
    [tenantId],
  );
  const problem = notDeliveredTo(country, rows[0]?.countries ?? []);
  if (problem) throw badRequest(`Invalid body: ${field}: ${problem}`);
}
