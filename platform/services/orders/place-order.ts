import {
  TOTAL_CHANGED,
  type OrderAddress,
  type PlaceOrderInput,
} from '../../../shared/contracts/orders';
import type { Queryable } from '../../db/db';
import { badRequest, HttpError } from '../../http/errors';
import { queueMail } from '../../mail/outbox';
import { chosenAddress, chosenPayment, type OrderPayment } from './choices';
import { confirmationMail } from './confirmation-mail';
import { nextOrderNumber } from './order-number';
import { amount, priceItems, subtotalOf, type ItemToPrice } from './pricing';
import { newId, type Shopper } from './shopper';
import { bookSlot, deliveryFee, loadPolicy } from './slots';

// Placing an order, shared by the cart checkout and by ordering a smart cart. Runs inside the
// caller's transaction: the order, its lines, the slot's place and the confirmation e-mail are
// written together or not at all.
export type OrderSource = {
  items: readonly ItemToPrice[];
  /** Said when there is nothing to order ("Your cart is empty"). */
  emptyMessage: string;
  smartCartId?: string | null;
  /** The submission's Idempotency-Key (docs/decisions/0140), stored on the order. */
  idempotencyKey?: string | null;
  /** The total the shopper was shown: an order that would cost another is refused (ADR 0319). */
  expectedTotal?: number;
};

/** What a shopper's order form chose; `expectedTotal` as sent (absent: not checked). */
type OrderChoice = Required<Omit<PlaceOrderInput, 'expectedTotal'>> &
  Pick<PlaceOrderInput, 'expectedTotal'>;

export async function placeOrder(
  tx: Queryable,
  shopper: Shopper,
  choice: OrderChoice,
  source: OrderSource,
): Promise<string> {
  if (source.items.length === 0) throw badRequest(source.emptyMessage);
  const orderId = await writeOrder(
    tx,
    { tenantId: shopper.tenantId, accountId: shopper.accountId },
    {
      addressId: choice.addressId,
      address: await chosenAddress(tx, shopper, choice.addressId),
      paymentMethodId: choice.paymentMethodId,
      payment: await chosenPayment(tx, shopper, choice.paymentMethodId),
      slotId: choice.slotId,
      notes: choice.notes,
    },
    { ...source, expectedTotal: choice.expectedTotal },
  );
  await queueMail(tx, await confirmationMail(tx, shopper, orderId));
  return orderId;
}

/** Whose order: an account's, or a guest session's with the e-mail it gave (issue #29). */
export type OrderOwner =
  | { tenantId: string; accountId: string }
  | { tenantId: string; accountId: null; guestPrincipalId: string; guestEmail: string };

/** What the order keeps of the choices: snapshots of the address and the card. */
export type OrderChoices = {
  addressId: string | null;
  address: OrderAddress;
  paymentMethodId: string | null;
  payment: OrderPayment;
  slotId: string;
  notes: string;
};

/** Prices the items, books the slot and writes the order with its lines; answers its id. */
export async function writeOrder(
  tx: Queryable,
  owner: OrderOwner,
  choice: OrderChoices,
  source: OrderSource,
): Promise<string> {
  if (source.items.length === 0) throw badRequest(source.emptyMessage);
  const lines = await priceItems(tx, owner.tenantId, source.items);
  const slot = await bookSlot(tx, owner.tenantId, choice.slotId);
  const policy = await loadPolicy(tx, owner.tenantId);
  const subtotal = subtotalOf(lines);
  const fee = deliveryFee(slot.fee_cents, subtotal, policy);
  // Priced in the transaction that places it: the total the page showed, or nothing (ADR 0319).
  const expected = source.expectedTotal;
  if (expected !== undefined && subtotal + fee !== expected)
    throw new HttpError(
      409,
      TOTAL_CHANGED,
      `The order's total is now ${amount(subtotal + fee)}, not ${amount(expected)}: check it and send the order again`,
    );
  const { rows: shop } = await tx.query<{ currency: string }>(
    'select currency from tenants where id = $1',
    [owner.tenantId],
  );
  const guest = owner.accountId === null ? owner : null;

  const orderId = newId('ord');
  await tx.query(
    `insert into orders (id, tenant_id, account_id, status, address_id, address, slot_id, payment_method_id, payment,
       notes, subtotal_cents, delivery_fee_cents, total_cents, currency, smart_cart_id, cutoff_at, idempotency_key, number,
       guest_principal_id, guest_email)
     values ($1, $2, $3, 'placed', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      orderId,
      owner.tenantId,
      owner.accountId,
      choice.addressId,
      JSON.stringify(choice.address),
      slot.id,
      choice.paymentMethodId,
      JSON.stringify(choice.payment),
      choice.notes,
      subtotal,
      fee,
      subtotal + fee,
      shop[0]!.currency,
      source.smartCartId ?? null,
      slot.cutoff_at,
      source.idempotencyKey ?? null,
      await nextOrderNumber(tx, owner.tenantId),
      guest?.guestPrincipalId ?? null,
      guest?.guestEmail ?? null,
    ],
  );
  await insertLines(tx, orderId, lines);
  return orderId;
}

export async function insertLines(
  tx: Queryable,
  orderId: string,
  lines: Awaited<ReturnType<typeof priceItems>>,
): Promise<void> {
  for (const [position, line] of lines.entries()) {
    await tx.query(
      `insert into order_lines (order_id, position, offering_id, product_id, product_name, quantity, by_case,
         unit_price_cents, line_total_cents)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        orderId,
        position,
        line.offeringId,
        line.productId,
        line.productName,
        line.quantity,
        line.byCase,
        line.unitPrice,
        line.lineTotal,
      ],
    );
  }
}
