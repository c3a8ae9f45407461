import { z } from 'zod';
import {
  DeliveryAddress,
  DeliveryAddressInput,
  DeliveryAddressList,
  ProfileItemParams,
} from '../../../shared/contracts/profile';
import { routeSchemas, type ServicePlugin } from '../service';
import { notFound } from '../../http/errors';
import { newId, refuseBeyond, requireShopper } from '../orders/shopper';
import { findAddress, listAddresses } from './addresses';
import { clearDefault, ensureDefault } from './default-flag';

const route = routeSchemas('profile');
const MAX_ADDRESSES = 50;

// Delivery addresses of the shopper. Orders keep a copy of the address they were placed with, so
// changing or deleting one here never changes an order.
export const addressRoutes: ServicePlugin = async (app, { db }) => {
  app.get(
    '/addresses',
    route('Delivery addresses, the default first', {
      response: { 200: DeliveryAddressList },
    }),
    async (request) => ({ items: await listAddresses(db, requireShopper(request)) }),
  );

  app.post(
    '/addresses',
    route('Add a delivery address', {
      body: DeliveryAddressInput,
      response: { 201: DeliveryAddress },
    }),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const a = request.body;
      const address = await db.transaction(async (tx) => {
        await refuseBeyond(tx, shopper, 'delivery_addresses', MAX_ADDRESSES, 'delivery addresses');
        if (a.isDefault) await clearDefault(tx, shopper, 'delivery_addresses');
        const id = newId('adr');
        await tx.query(
          `insert into delivery_addresses (id, tenant_id, account_id, name, line1, line2, postcode, city, country,
           phone, instructions, is_default)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            id,
            shopper.tenantId,
            shopper.accountId,
            a.name,
            a.line1,
            a.line2,
            a.postcode,
            a.city,
            a.country,
            a.phone,
            a.instructions,
            a.isDefault,
          ],
        );
        await ensureDefault(tx, shopper, 'delivery_addresses');
        return (await findAddress(tx, shopper, id))!;
      });
      return reply.status(201).send(address);
    },
  );

  app.put(
    '/addresses/:id',
    route('Replace a delivery address', {
      params: ProfileItemParams,
      body: DeliveryAddressInput,
      response: { 200: DeliveryAddress },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      const a = request.body;
      return db.transaction(async (tx) => {
        if (!(await findAddress(tx, shopper, id))) throw notFound(`No address ${id}`);
        if (a.isDefault) await clearDefault(tx, shopper, 'delivery_addresses');
        // Unticking "default" on the default address keeps it the default: one address always is.
        await tx.query(
          `update delivery_addresses set name = $2, line1 = $3, line2 = $4, postcode = $5, city = $6, country = $7,
           phone = $8, instructions = $9, is_default = is_default or $10, updated_at = now()
         where id = $1`,
          [
            id,
            a.name,
            a.line1,
            a.line2,
            a.postcode,
            a.city,
            a.country,
            a.phone,
            a.instructions,
            a.isDefault,
          ],
        );
        return (await findAddress(tx, shopper, id))!;
      });
    },
  );

  app.delete(
    '/addresses/:id',
    route('Delete a delivery address', {
      params: ProfileItemParams,
      response: { 204: z.void() },
    }),
    async (request, reply) => {
      const shopper = requireShopper(request);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const { rows } = await tx.query(
          'delete from delivery_addresses where id = $1 and account_id = $2 and tenant_id = $3 returning id',
          [id, shopper.accountId, shopper.tenantId],
        );
        if (!rows[0]) throw notFound(`No address ${id}`);
        await ensureDefault(tx, shopper, 'delivery_addresses');
      });
      return reply.status(204).send();
    },
  );
};
