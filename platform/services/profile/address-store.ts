import type { z } from 'zod';
import type { DeliveryAddressInput } from '../../../shared/contracts/profile';
import type { Db } from '../../db/db';
import { notFound } from '../../http/errors';
import { refuseUndeliveredCountry } from '../orders/delivery-countries';
import { newId, refuseBeyond } from '../orders/shopper';
import type { ShopperCollection } from '../shopper-collection';
import { findAddress, listAddresses } from './addresses';
import { clearDefault, ensureDefault, lockEntries } from './default-flag';

const MAX_ADDRESSES = 50;

/** An address's columns from name to is_default, in table order (insert and update alike). */
const fieldsOf = (a: z.output<typeof DeliveryAddressInput>) => [
  a.name,
  a.line1,
  a.line2,
  a.postcode,
  a.city,
  a.country,
  a.phone,
  a.instructions,
  a.isDefault,
];

/**
 * Delivery addresses of the shopper; one of them, once there is one, is the default. Orders keep a
 * copy of the address they were placed with, so changing or deleting one here never changes an order.
 */
export const addressStore = (db: Db): ShopperCollection<typeof DeliveryAddressInput> => ({
  summaries: {
    list: 'Delivery addresses, the default first',
    add: 'Add a delivery address',
    replace: 'Replace a delivery address',
    remove: 'Delete a delivery address',
  },

  list: (shopper) => listAddresses(db, shopper),

  add: (shopper, a) =>
    db.transaction(async (tx) => {
      await lockEntries(tx, shopper, 'delivery_addresses');
      await refuseUndeliveredCountry(tx, shopper.tenantId, a.country, 'country');
      await refuseBeyond(tx, shopper, 'delivery_addresses', MAX_ADDRESSES, 'delivery addresses');
      if (a.isDefault) await clearDefault(tx, shopper, 'delivery_addresses');
      const id = newId('adr');
      await tx.query(
        `insert into delivery_addresses (id, tenant_id, account_id, name, line1, line2, postcode, city, country,
           phone, instructions, is_default)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [id, shopper.tenantId, shopper.accountId, ...fieldsOf(a)],
      );
      await ensureDefault(tx, shopper, 'delivery_addresses');
      return (await findAddress(tx, shopper, id))!;
    }),

  replace: (shopper, id, a) =>
    db.transaction(async (tx) => {
      await lockEntries(tx, shopper, 'delivery_addresses');
      if (!(await findAddress(tx, shopper, id))) throw notFound(`No address ${id}`);
      await refuseUndeliveredCountry(tx, shopper.tenantId, a.country, 'country');
      if (a.isDefault) await clearDefault(tx, shopper, 'delivery_addresses');
      // Unticking "default" on the default address keeps it the default: one address always is.
      await tx.query(
        `update delivery_addresses set name = $2, line1 = $3, line2 = $4, postcode = $5, city = $6, country = $7,
           phone = $8, instructions = $9, is_default = is_default or $10, updated_at = now()
         where id = $1`,
        [id, ...fieldsOf(a)],
      );
      return (await findAddress(tx, shopper, id))!;
    }),

  remove: (shopper, id) =>
    db.transaction(async (tx) => {
      await lockEntries(tx, shopper, 'delivery_addresses');
      const { rows } = await tx.query(
        'delete from delivery_addresses where id = $1 and account_id = $2 and tenant_id = $3 returning id',
        [id, shopper.accountId, shopper.tenantId],
      );
      if (!rows[0]) throw notFound(`No address ${id}`);
      await ensureDefault(tx, shopper, 'delivery_addresses');
    }),
});
