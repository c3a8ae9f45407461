import { z } from 'zod';
import { DeliveryAddressInput, PaymentMethodInput } from '../../../shared/contracts/profile';
import type { FormFields } from './form-fields';
import { ORDER_KEY_FIELD } from './order-key-field';

// The forms of placing an order (checkout, smart carts) and of adding an address or a card (also
// the profile screens), turned into the shapes the platform takes and checked with the platform's
// own schemas, so that messages match.
const choice = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, message);

export const PlaceOrderForm = z.object({
  addressId: choice('Choose a delivery address'),
  slotId: choice('Choose a delivery slot'),
  paymentMethodId: choice('Choose a payment method'),
  notes: z.string().trim().max(1000, 'Notes are limited to 1000 characters').default(''),
});

// Messages for issues the shared schemas leave generic (a number field left empty, say).
const FIELD_HINTS: Record<string, string> = {
  expiryMonth: 'Choose the expiry month',
  expiryYear: 'Enter the expiry year in full, e.g. 2030',
  cardNumber: 'Enter the card number',
};
const hint = (issue: { path?: PropertyKey[] }) => FIELD_HINTS[String(issue.path?.[0])];

export function parseAddress(fields: FormFields) {
  return DeliveryAddressInput.safeParse({ ...fields, isDefault: fields.isDefault === 'on' });
}

export function parseCard(fields: FormFields) {
  const number = (value: string | undefined) => (value ? Number(value) : undefined);
  return PaymentMethodInput.safeParse(
    {
      cardNumber: fields.cardNumber ?? '',
      expiryMonth: number(fields.expiryMonth),
      expiryYear: number(fields.expiryYear),
      holderName: fields.holderName ?? '',
      isDefault: fields.isDefault === 'on',
    },
    { error: hint },
  );
}

export { ORDER_KEY_FIELD };
const OrderKey = z.string().regex(/^[\x21-\x7e]{8,128}$/);

export const newOrderKey = (): string => crypto.randomUUID();

/** The Idempotency-Key header of a posted order form; none when the field is missing or malformed. */
export function orderKeyHeaders(fields: FormFields): Record<string, string> | undefined {
  const key = OrderKey.safeParse(fields[ORDER_KEY_FIELD]);
  return key.success ? { 'idempotency-key': key.data } : undefined;
}
