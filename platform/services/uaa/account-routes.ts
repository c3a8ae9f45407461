import type { z } from 'zod';
import { ChangePasswordRequest, MessageResponse } from '../../../shared/contracts/account';
import { Account } from '../../../shared/contracts/uaa';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { requireShopAccount } from '../../auth/principal';
import { HttpError } from '../../http/errors';
import { routeSchemas, type ServiceApp, type ServiceOptions } from '../service';
import { accountById, accountView, GUEST_ACCOUNT } from './accounts';
import { invalidToken } from './errors';
import { clearAttempts, reserveAttempt } from './lockout';
import { revokeOtherSessions } from './refresh-tokens';

const route = routeSchemas('uaa', { auth: 'account', shop: false });

export async function accountRoutes(app: ServiceApp, { db }: ServiceOptions): Promise<void> {
  app.get(
    '/account',
    route('The account of the access token (Cookie access_token=… or Bearer); a guest has no id', {
      auth: 'principal',
      response: { 200: Account },
    }),
    async (request, reply) => {
      // Personal data: never stored by a shared cache.
      reply.header('cache-control', 'private, no-store');
      const principal = request.principal;
      if (!principal)
        throw invalidToken(
          request.tokenExpired ? 'Access token expired' : 'Missing or invalid access token',
        );
      if (request.tenant && request.tenant.id !== principal.tenantId)
        throw invalidToken('Token of another shop');
      if (!principal.accountId) return { ...GUEST_ACCOUNT, tenantId: principal.tenantId };
      const account = await accountById(db, principal.accountId);
      if (!account) throw invalidToken('Account no longer exists');
      return accountView(account);
    },
  );

  app.post(
    '/account/change-password',
    route('Change the password of the signed-in account', {
      // The current password is guessed like a sign-in: the same lockout (429).
      errors: [429],
      body: ChangePasswordRequest,
      response: { 200: MessageResponse },
    }),
    async (request) => {
      const { accountId, sessionId } = requireShopAccount(request);
      const input = request.body;
      const account = await accountById(db, accountId);
      if (!account) throw invalidToken('Account no longer exists');
      // The current password is guessed like a sign-in, but counted for this session alone: a
      // sign-in lockout someone else caused never blocks a change (docs/decisions/0241).
      const source = { session: sessionId ?? accountId };
      await reserveAttempt(db, account.tenant_id, account.email, source);
      if (!(await verifyPassword(input.currentPassword, account.password_hash))) {
        throw new HttpError(400, 'wrong_password', 'The current password is wrong');
      }
      await clearAttempts(db, account.tenant_id, account.email, source);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        // A reset link mailed earlier is void: it would otherwise undo this change for the rest
        // of its 24 hours (someone else read that mailbox, say).
        await tx.query(
          'update accounts set password_hash = $2, reset_key = null, reset_expires_at = null where id = $1',
          [accountId, passwordHash],
        );
        // Whoever else holds a session (a stolen one, too) is signed out; this one stays.
        await revokeOtherSessions(tx, accountId, sessionId);
      });
      return { message: 'Password changed' } satisfies z.infer<typeof MessageResponse>;
    },
  );
}
