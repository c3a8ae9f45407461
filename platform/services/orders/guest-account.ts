import { randomBytes, randomUUID } from 'node:crypto';
import type { GuestAccountInput } from '../../../shared/contracts/guest-orders';
import { hashPassword } from '../../auth/passwords';
import type { Db, Queryable } from '../../db/db';
import { conflict, notFound } from '../../http/errors';
import { queueMail } from '../../mail/outbox';
import type { CartOwner } from './cart';

// An account made from a guest's order (issue #29 item 2, docs/decisions/0262): the e-mail is the
// one the order was placed with, the account waits for activation by e-mail like any registered
// one, and the order moves to it at once. An e-mail that already has an account is a 409: signing
// in from this session moves the guest's orders instead (moveGuestOrders, a sign-in hook).
type Created = { message: string; orderId: string };
const CREATED = 'Check your e-mail: we have sent a link to activate your account';

export async function accountFromGuestOrder(
  db: Db,
  guest: CartOwner,
  orderId: string,
  input: Required<GuestAccountInput>,
): Promise<Created> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      guest_email: string;
      name: string;
      origin: string;
      made_here: boolean | null;
    }>(
      `select o.guest_email, t.name, t.origin,
              (select not a.activated and a.email = o.guest_email from accounts a
                where a.id = o.account_id) as made_here
         from orders o join tenants t on t.id = o.tenant_id
        where o.id = $1 and o.tenant_id = $2 and o.guest_principal_id = $3
        for update of o`,
      [orderId, guest.tenantId, guest.principalId],
    );
    const order = rows[0];
    if (!order) throw notFound(`No guest order ${orderId}`);
    // Already in an account. Made from this order and not activated yet: the same form sent
    // twice (a double click, a resubmit), answered as the first was. Otherwise a sign-in took it.
    if (order.made_here) return { message: CREATED, orderId };
    if (order.made_here === false)
      throw conflict('This order is already in an account: sign in to see it');
    const activationKey = randomBytes(24).toString('base64url');
    const accountId = `acc-${randomUUID()}`;
    const created = await tx.query(
      `insert into accounts (id, tenant_id, email, login, password_hash, first_name, last_name, activated, activation_key)
       values ($1, $2, $3, $3, $4, $5, $6, false, $7) on conflict (tenant_id, email) do nothing returning id`,
      [
        accountId,
        guest.tenantId,
        order.guest_email,
        passwordHash,
        input.firstName,
        input.lastName,
        activationKey,
      ],
    );
    if (!created.rows[0])
      throw conflict(
        'An account with this e-mail already exists: sign in, and your order moves to it',
      );
    await tx.query('update orders set account_id = $2, updated_at = now() where id = $1', [
      orderId,
      accountId,
    ]);
    const link = `${order.origin}/profile/activation/${activationKey}`;
    await queueMail(tx, {
      tenantId: guest.tenantId,
      to: order.guest_email,
      kind: 'activation',
      link,
      subject: `Activate your ${order.name} account`,
      body: `Welcome to ${order.name}${input.firstName ? `, ${input.firstName}` : ''}!\n\nYour order is in your new account. Activate it: ${link}\n`,
    });
    return { message: CREATED, orderId };
  });
}

/** Sign-in hook: a guest signing in takes the orders its session placed into the account. */
export async function moveGuestOrders(
  tx: Queryable,
  tenantId: string,
  guestPrincipalId: string,
  accountId: string,
): Promise<void> {
  await tx.query(
    `update orders set account_id = $3, updated_at = now()
      where tenant_id = $1 and guest_principal_id = $2 and account_id is null`,
    [tenantId, guestPrincipalId, accountId],
  );
}
