import { z } from 'zod';
import { DeliveryAddressInput, PaymentMethodInput } from '../../../shared/contracts/profile';
import type { FormFields } from './form-fields';
import { ORDER_KEY_FIELD } from './order-key-field';
import { SHOWN_TOTAL_FIELD } from '../checkout/total-changed';

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

/** A posted checkbox: `on` when ticked, absent otherwise. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');
/** A posted number: empty or absent is no number (the platform's schema names it). */
export const numberText = z
  .string()
  .optional()
  .transform((value) => (value ? Number(value) : undefined));
/** A posted text field; absent is empty. */
export const text = z.string().default('');

/** The address form (delivery addresses, checkout, smart carts): the profile service's schema. */
export const AddressForm = DeliveryAddressInput.extend({ isDefault: checkbox });

/** The card form's text fields, as numbers where the profile service's card schema wants them. */
export const CardForm = z
  .object({
    cardNumber: text,
    expiryMonth: numberText,
    expiryYear: numberText,
    holderName: text,
    isDefault: checkbox,
  })
  .describe('Checked as the profile service checks a new card (profilePostPaymentMethods)');

export function parseAddress(fields: FormFields) {
  return AddressForm.safeParse(fields);
}

/** The card form checked with the service's schema (text fields: reading them cannot fail). */
export function parseCard(fields: FormFields) {
  return PaymentMethodInput.safeParse(CardForm.parse(fields), { error: hint });
}

/** The order forms' hidden key (ORDER_KEY_FIELD): optional, and a malformed one is ignored. */
export const OrderKeyField = z.object({
  [ORDER_KEY_FIELD]: z
    .string()
    .regex(/^[\x21-\x7e]{8,128}$/)
    .optional()
    .describe('Sent to the platform as Idempotency-Key: a replayed post returns the first order'),
});

/** The place-order form as posted: the order and its key. */
export const PlaceOrderPost = PlaceOrderForm.extend(OrderKeyField.shape);

export const newOrderKey = (): string => crypto.randomUUID();

/** The Idempotency-Key header of a posted order form; none when the field is missing or malformed. */
export function orderKeyHeaders(fields: FormFields): Record<string, string> | undefined {
  const key = OrderKeyField.safeParse(fields);
  const value = key.success ? key.data[ORDER_KEY_FIELD] : undefined;
  return value ? { 'idempotency-key': value } : undefined;
}

/** The total the order form's page showed, in cents (ADR 0319); a malformed one is ignored. */
export const ShownTotalField = z.object({
  [SHOWN_TOTAL_FIELD]: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional()
    .describe(
      "Sent to the platform as the order's expectedTotal: another total places nothing, and the page says the cart changed",
    ),
});

/** The platform's `expectedTotal` of a posted order form: none when the field is missing or malformed. */
export function shownTotalOf(fields: FormFields): number | undefined {
  const shown = ShownTotalField.safeParse(fields);
  const value = shown.success ? shown.data[SHOWN_TOTAL_FIELD] : undefined;
  return value === undefined ? undefined : Number(value);
}

export { ORDER_KEY_FIELD };
