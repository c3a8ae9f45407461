import { ProfileInfo, ProfileInfoInput } from '../../../shared/contracts/profile';
import { routeSchemas, type ServicePlugin } from '../service';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import { requireShopper, type Shopper } from '../orders/shopper';

const route = routeSchemas('profile');

async function readInfo(q: Queryable, shopper: Shopper): Promise<ProfileInfo> {
  const { rows } = await q.query<{
    email: string;
    first_name: string;
    last_name: string;
    phone: string;
  }>('select email, first_name, last_name, phone from accounts where id = $1 and tenant_id = $2', [
    shopper.accountId,
    shopper.tenantId,
  ]);
  const row = rows[0];
  // A token can outlive its account (deleted since it was issued).
  if (!row) throw notFound('No such account');
  return { email: row.email, firstName: row.first_name, lastName: row.last_name, phone: row.phone };
}

// The shopper's name and phone number. The e-mail is the sign-in name: shown, never changed here.
export const infoRoutes: ServicePlugin = async (app, { db }) => {
  app.get(
    '/info',
    route("The shopper's name, e-mail and phone", {
      response: { 200: ProfileInfo },
    }),
    async (request) => readInfo(db, requireShopper(request)),
  );

  app.put(
    '/info',
    route("Change the shopper's name and phone (not the e-mail)", {
      body: ProfileInfoInput,
      response: { 200: ProfileInfo },
    }),
    async (request) => {
      const shopper = requireShopper(request);
      const input = request.body;
      await db.query(
        'update accounts set first_name = $3, last_name = $4, phone = $5 where id = $1 and tenant_id = $2',
        [shopper.accountId, shopper.tenantId, input.firstName, input.lastName, input.phone],
      );
      return readInfo(db, shopper);
    },
  );
};
