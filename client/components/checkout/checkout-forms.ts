import { z } from 'zod';
import { DeliveryAddressInput, PaymentMethodInput } from '../../../shared/contracts/profile';

// The checkout's forms as the action receives them (URL-encoded text fields), turned into the
// shapes the platform takes and checked with the platform's own schemas, so that messages match.
export type FieldErrors = Record<string, string>;
export type FormFields = Record<string, string>;

export const CheckoutIntent = z.enum(['place-order', 'add-address', 'add-card']);
export type CheckoutIntent = z.infer<typeof CheckoutIntent>;

/** What the action answers when the shopper has something to fix (400) or the shop refused (409). */
export type CheckoutActionResult = {
  intent: CheckoutIntent;
  fieldErrors: FieldErrors;
  formError?: string;
};

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

/**
 * The order forms' hidden field: a key made when the form is rendered, sent to the platform as
 * `Idempotency-Key`, so a replayed or retried submission returns the first order (docs/decisions/0140).
 */
export const ORDER_KEY_FIELD = 'idempotencyKey';
const OrderKey = z.string().regex(/^[\x21-\x7e]{8,128}$/);

export const newOrderKey = (): string => crypto.randomUUID();

/** The Idempotency-Key header of a posted order form; none when the field is missing or malformed. */
export function orderKeyHeaders(fields: FormFields): Record<string, string> | undefined {
  const key = OrderKey.safeParse(fields[ORDER_KEY_FIELD]);
  return key.success ? { 'idempotency-key': key.data } : undefined;
}

/** The first message of each field (a form shows one per field). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Text fields of a posted form (files and repeated names are not part of these forms). */
export function formFields(form: FormData): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of form)
    if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  return fields;
}
