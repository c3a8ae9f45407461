import { z } from 'zod';
import { MessageResponse } from '../../../shared/contracts/account';
import { LinkedSignIns, SetPasswordRequest } from '../../../shared/contracts/identities';
import { hashPassword } from '../../auth/passwords';
import { requireShopAccount } from '../../auth/principal';
import { HttpError, notFound } from '../../http/errors';
import { routeSchemas, type ServiceApp, type ServiceOptions } from '../service';
import { invalidToken } from './errors';
import { identitiesOf, linkedSignInsOf } from './identities';

// The signed-in account's ways to sign in: its linked providers, whether it has a password, unlink
// one (never the last way in), and a first password for an account created by a provider.
const route = routeSchemas('uaa', { auth: 'account', shop: false });

export async function identityRoutes(app: ServiceApp, { db }: ServiceOptions): Promise<void> {
  app.get(
    '/account/identities',
    route('Linked sign-ins of the account', { response: { 200: LinkedSignIns } }),
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { accountId } = requireShopAccount(request);
      const linked = await linkedSignInsOf(db, accountId);
      if (!linked) throw invalidToken('Account no longer exists');
      return {
        hasPassword: linked.hasPassword,
        identities: linked.identities.map((row) => ({
          id: row.id,
          issuer: row.issuer,
          email: row.email,
          createdAt: new Date(row.created_at).toISOString(),
          lastUsedAt: new Date(row.last_used_at).toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/account/identities/:id',
    route('Unlink a sign-in (not the last way in)', {
      errors: [409],
      params: z.object({ id: z.string().min(1).max(100) }),
      response: { 204: z.void() },
    }),
    async (request, reply) => {
      const { accountId } = requireShopAccount(request);
      await db.transaction(async (tx) => {
        // Locks the account row: two unlinks at once cannot both pass the "another way remains" check.
        const { rows } = await tx.query<{ password_hash: string }>(
          'select password_hash from accounts where id = $1 for update',
          [accountId],
        );
        if (!rows[0]) throw invalidToken('Account no longer exists');
        const identities = await identitiesOf(tx, accountId);
        if (!identities.some((row) => row.id === request.params.id))
          throw notFound('No such linked sign-in');
        if (rows[0].password_hash === '' && identities.length === 1) {
          throw new HttpError(
            409,
            'last_sign_in',
            'This is your only way to sign in. Set a password or link another provider first.',
          );
        }
        await tx.query('delete from identities where id = $1 and account_id = $2', [
          request.params.id,
          accountId,
        ]);
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/account/set-password',
    route('First password of an account that signs in only through providers', {
      errors: [409],
      body: SetPasswordRequest,
      response: { 200: MessageResponse },
    }),
    async (request) => {
      const { accountId } = requireShopAccount(request);
      const input = request.body;
      const hash = await hashPassword(input.newPassword);
      // A reset link mailed earlier is void, as after a password change (./account-routes.ts).
      const { rows } = await db.query(
        `update accounts set password_hash = $2, reset_key = null, reset_expires_at = null
         where id = $1 and password_hash = '' returning id`,
        [accountId, hash],
      );
      if (!rows[0])
        throw new HttpError(
          409,
          'password_exists',
          'This account has a password: change it instead',
        );
      return { message: 'Password set' };
    },
  );
}
