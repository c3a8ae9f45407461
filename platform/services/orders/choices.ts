import type { OrderAddress } from '../../../shared/contracts/orders';
import { isExpired, type CardBrand } from '../../../shared/contracts/profile';
import type { Queryable } from '../../db/db';
import { badRequest } from '../../http/errors';
import type { Shopper } from './shopper';

// The shopper's own address and payment method chosen for an order. An id that is not theirs is
// a 400 like an unknown one: the answer never tells whether someone else's exists.
export type OrderPayment = { brand: CardBrand; last4: string };

export async function chosenAddress(
  q: Queryable,
  shopper: Shopper,
  addressId: string,
): Promise<OrderAddress> {
  const { rows } = await q.query<OrderAddress>(
    `select name, line1, line2, postcode, city, country, phone, instructions
     from delivery_addresses where id = $1 and account_id = $2 and tenant_id = $3`,
    [addressId, shopper.accountId, shopper.tenantId],
  );
  if (!rows[0]) throw badRequest(`Unknown delivery address: ${addressId}`);
  return { ...rows[0] };
}

export async function chosenPayment(
  q: Queryable,
  shopper: Shopper,
  paymentMethodId: string,
): Promise<OrderPayment> {
  const { rows } = await q.query<{
    brand: CardBrand;
    last4: string;
    expiry_month: number;
    expiry_year: number;
  }>(
    `select brand, last4, expiry_month, expiry_year
     from payment_methods where id = $1 and account_id = $2 and tenant_id = $3`,
    [paymentMethodId, shopper.accountId, shopper.tenantId],
  );
  const card = rows[0];
  if (!card) throw badRequest(`Unknown payment method: ${paymentMethodId}`);
  if (isExpired(card.expiry_month, card.expiry_year)) {
    throw badRequest('That card has expired: choose or add another payment method');
  }
  return { brand: card.brand, last4: card.last4 };
}
