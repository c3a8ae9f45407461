import type { GuestOrderInput } from '../../../shared/contracts/guest-orders';
import type { OrderDetail } from '../../../shared/contracts/orders';
import type { Db, Queryable } from '../../db/db';
import { conflict } from '../../http/errors';
import { queueMail } from '../../mail/outbox';
import { cardBrand, lastFour } from '../profile/cards';
import { normaliseEmail } from '../uaa/accounts';
import { emptyCart, readCart, type CartOwner } from './cart';
import { orderMail } from './confirmation-mail';
import { refuseUndeliveredCountry } from './delivery-countries';
import { readGuestOrder } from './order-read';
import { writeOrder } from './place-order';

// Placing a guest's order (issue #29 item 2, docs/decisions/0262): the guest session's cart,
// with the e-mail, address and card given in the order. The card goes through the demo vault as a
// saved card does (brand and last four digits kept, the number forgotten). Idempotent as the
// signed-in checkout (docs/decisions/0140): one order per (guest session, Idempotency-Key).
type Guest = CartOwner;
type Given = Exclude<keyof GuestOrderInput, 'expectedTotal'>;
type Parsed = { [K in Given]-?: Exclude<GuestOrderInput[K], undefined> } & {
  card: { cardNumber: string };
  expectedTotal?: number;
};

async function orderIdByKey(q: Queryable, guest: Guest, key: string) {
  const { rows } = await q.query<{ id: string; account_id: string | null }>(
    'select id, account_id from orders where tenant_id = $1 and guest_principal_id = $2 and idempotency_key = $3',
    [guest.tenantId, guest.principalId, key],
  );
  const found = rows[0];
  if (found?.account_id) throw conflict('This order has moved to an account: sign in to see it');
  return found?.id ?? null;
}

async function place(tx: Queryable, guest: Guest, input: Parsed, key: string | null) {
  const cart = await readCart(tx, guest, true);
  const email = normaliseEmail(input.email);
  const { isDefault: _unused, ...address } = input.address as typeof input.address & {
    isDefault?: boolean;
  };
  await refuseUndeliveredCountry(tx, guest.tenantId, address.country, 'address.country');
  const orderId = await writeOrder(
    tx,
    {
      tenantId: guest.tenantId,
      accountId: null,
      guestPrincipalId: guest.principalId,
      guestEmail: email,
    },
    {
      addressId: null,
      address: { line2: '', phone: '', instructions: '', ...address },
      paymentMethodId: null,
      payment: { brand: cardBrand(input.card.cardNumber), last4: lastFour(input.card.cardNumber) },
      slotId: input.slotId,
      notes: input.notes,
    },
    {
      items: cart.items,
      emptyMessage: 'Your cart is empty',
      idempotencyKey: key,
      expectedTotal: input.expectedTotal,
    },
  );
  await emptyCart(tx, cart.cartUid!);
  const order = (await readGuestOrder(tx, guest, orderId))!;
  await queueMail(tx, await orderMail(tx, guest.tenantId, order, { email, first_name: '' }, true));
  return order;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';

export async function placeGuestOrder(
  db: Db,
  guest: Guest,
  input: Parsed,
  key: string | null,
): Promise<{ order: OrderDetail; replayed: boolean }> {
  const replay = async (q: Queryable, id: string) => ({
    order: (await readGuestOrder(q, guest, id))!,
    replayed: true,
  });
  try {
    return await db.transaction(async (tx) => {
      if (key) {
        await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
          `guest-order/${guest.tenantId}/${guest.principalId}/${key}`,
        ]);
        const first = await orderIdByKey(tx, guest, key);
        if (first) return replay(tx, first);
      }
      return { order: await place(tx, guest, input, key), replayed: false };
    });
  } catch (error) {
    const first = key && isUniqueViolation(error) ? await orderIdByKey(db, guest, key) : null;
    if (first) return replay(db, first);
    throw error;
  }
}
