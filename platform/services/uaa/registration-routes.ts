import { randomBytes, randomUUID } from 'node:crypto';
import {
  ActivateRequest,
  MessageResponse,
  RegisterRequest,
  ResetFinishRequest,
  ResetInitRequest,
} from '../../../shared/contracts/account';
import { Account } from '../../../shared/contracts/uaa';
import { hashPassword } from '../../auth/passwords';
import { requireTenant, type TenantRow } from '../../auth/principal';
import { badRequest, notFound } from '../../http/errors';
import type { Queryable } from '../../db/db';
import { queueMail } from '../../mail/outbox';
import { routeSchemas, type ServiceApp, type ServiceOptions } from '../service';
import { accountByEmail, accountView, normaliseEmail, type AccountRow } from './accounts';
import { clearAttempts } from './lockout';
import { revokeAccountSessions } from './refresh-tokens';

// Registration with an activation key, and password reset (init with a reset key, finish).
// The keys travel only by e-mail (the outbox); answers never contain them.
const route = routeSchemas('uaa');
const RESET_KEY_HOURS = 24;
const newKey = () => randomBytes(24).toString('base64url');

// Links in e-mails use the shop's configured origin, never the request's Host or port
// (issue #12 item 6): a request cannot make uaa mail a link to another server.
/** The same answer whether or not the e-mail has an account (no enumeration; docs/decisions/0132). */
const REGISTERED = {
  message: 'Check your e-mail: we have sent a link to activate the account or to sign in',
};
/** At most one "you already have an account" e-mail per address in this time. */
const EXISTS_MAIL_EVERY_SECONDS = 10 * 60;
/** At most one reset e-mail per account in this time (its key stays good meanwhile). */
const RESET_MAIL_EVERY_SECONDS = 10 * 60;

export async function registrationRoutes(app: ServiceApp, { db }: ServiceOptions): Promise<void> {
  app.post(
    '/register',
    route(
      'Register an account; sends the activation e-mail, or to an existing account a sign-in reminder (same answer)',
      {
        body: RegisterRequest,
        response: { 202: MessageResponse },
      },
    ),
    async (request, reply) => {
      const tenant = requireTenant(request);
      const input = request.body;
      const email = normaliseEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      const activationKey = newKey();
      const link = `${tenant.origin}/profile/activation/${activationKey}`;
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<AccountRow>(
          `insert into accounts (id, tenant_id, email, login, password_hash, first_name, last_name, activated, activation_key)
           values ($1, $2, $3, $3, $4, $5, $6, false, $7) on conflict (tenant_id, email) do nothing returning *`,
          [
            `acc-${randomUUID()}`,
            tenant.id,
            email,
            passwordHash,
            input.firstName,
            input.lastName,
            activationKey,
          ],
        );
        if (!rows[0]) return mailExistingOwner(tx, tenant, email);
        // The shop's words only, not the name typed: anyone may register any address, and the
        // name would let them send text of their own in the shop's e-mail to a stranger.
        await queueMail(tx, {
          tenantId: tenant.id,
          to: email,
          kind: 'activation',
          link,
          subject: `Activate your ${tenant.name} account`,
          body:
            `Welcome to ${tenant.name}!\n\nActivate your account: ${link}\n\n` +
            `Not you? Ignore this e-mail.\n`,
        });
      });
      return reply.status(202).send(REGISTERED);
    },
  );

  app.post(
    '/activate',
    route('Activate an account with the key of its activation e-mail', {
      errors: [404],
      body: ActivateRequest,
      response: { 200: Account },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const { key } = request.body;
      const { rows } = await db.query<AccountRow>(
        `update accounts set activated = true, activation_key = null
         where activation_key = $1 and tenant_id = $2 returning *`,
        [key, tenant.id],
      );
      if (!rows[0]) throw notFound('Unknown or already used activation key');
      return accountView(rows[0]);
    },
  );

  app.post(
    '/account/reset-password/init',
    route('Send a password reset e-mail (same answer for unknown e-mails)', {
      body: ResetInitRequest,
      response: { 200: MessageResponse },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const { email } = request.body;
      const account = await accountByEmail(db, tenant.id, email);
      if (account) {
        const resetKey = newKey();
        const link = `${tenant.origin}/profile/reset/${resetKey}`;
        await db.transaction(async (tx) => {
          // A key mailed less than RESET_MAIL_EVERY_SECONDS ago stays, and nothing is sent: asked
          // for again and again (by anyone: it takes only the address), the reset would fill the
          // owner's mailbox and void the link they were just mailed. Its expiry tells its age.
          const { rows: replaced } = await tx.query(
            `update accounts set reset_key = $2, reset_expires_at = now() + make_interval(hours => $3::int)
             where id = $1 and (reset_key is null or reset_expires_at
               <= now() + make_interval(hours => $3::int) - make_interval(secs => $4::int))
             returning id`,
            [account.id, resetKey, RESET_KEY_HOURS, RESET_MAIL_EVERY_SECONDS],
          );
          if (!replaced[0]) return;
          await queueMail(tx, {
            tenantId: tenant.id,
            to: account.email,
            kind: 'password-reset',
            link,
            subject: `Reset your ${tenant.name} password`,
            body:
              `Someone asked to reset the password of your ${tenant.name} account.\n\n` +
              `Choose a new password within ${RESET_KEY_HOURS} hours: ${link}\n\nNot you? Ignore this e-mail.\n`,
          });
        });
      }
      return { message: 'If an account exists for this e-mail, a reset link is on its way' };
    },
  );

  app.post(
    '/account/reset-password/finish',
    route('Set a new password with the key of the reset e-mail; ends every session', {
      body: ResetFinishRequest,
      response: { 200: MessageResponse },
    }),
    async (request) => {
      const tenant = requireTenant(request);
      const input = request.body;
      const passwordHash = await hashPassword(input.newPassword);
      const done = await db.transaction(async (tx) => {
        // Following the e-mail's link proves the address, so the account is activated too.
        const { rows } = await tx.query<{ id: string; email: string }>(
          `update accounts set password_hash = $3, reset_key = null, reset_expires_at = null, activated = true
           where reset_key = $1 and tenant_id = $2 and reset_expires_at > now() returning id, email`,
          [input.key, tenant.id, passwordHash],
        );
        if (!rows[0]) return false;
        await revokeAccountSessions(tx, rows[0].id);
        // The owner proved the address: a sign-in lockout ends too.
        await clearAttempts(tx, tenant.id, rows[0].email);
        return true;
      });
      if (!done) throw badRequest('Unknown, used or expired reset key; ask for a new reset e-mail');
      return { message: 'Password changed; sign in with the new password' };
    },
  );
}

/** Registration with an e-mail that has an account: its owner is told, not the visitor. */
async function mailExistingOwner(tx: Queryable, tenant: TenantRow, email: string): Promise<void> {
  const { rows } = await tx.query(
    `select 1 from outbox where tenant_id = $1 and to_email = $2 and kind = 'account-exists'
       and created_at > now() - make_interval(secs => $3::int) limit 1`,
    [tenant.id, email, EXISTS_MAIL_EVERY_SECONDS],
  );
  if (rows.length > 0) return;
  const link = `${tenant.origin}/social-login?mode=reset`;
  await queueMail(tx, {
    tenantId: tenant.id,
    to: email,
    kind: 'account-exists',
    link,
    subject: `Your ${tenant.name} account`,
    body:
      `Someone asked to create a ${tenant.name} account with this e-mail, which already has one.\n\n` +
      `If it was you, sign in, or choose a new password: ${link}\n\nNot you? Ignore this e-mail.\n`,
  });
}
