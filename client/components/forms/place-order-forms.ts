import { z } from 'zod';
import type { AppLoadContext } from 'react-router';
import {
  addressRules,
  DeliveryAddressFields,
  PaymentMethodInput,
} from '../../../shared/contracts/profile';
import { deliveryCountriesOf, notDeliveredTo } from '../../../shared/delivery-countries';
import { wholeNumberOf } from '../../../shared/typed-quantity';
import type { FieldErrors, FormFields } from './form-fields';
import { ORDER_KEY_FIELD } from './order-key-field';
import {
  CART_CHANGED,
  FEE_CHANGED,
  SHOWN_SUBTOTAL_FIELD,
  SHOWN_TOTAL_FIELD,
  SLOT_FEES_FIELD,
} from '../checkout/total-changed';

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

// Messages for issues the shared schemas leave generic (a number field left empty, say). The
// month is typed, as on the guest checkout, which said so: "Choose" was of a list it no longer is
// (docs/decisions/0377).
const FIELD_HINTS: Record<string, string> = {
  expiryMonth: 'Enter the expiry month, 1 to 12',
  expiryYear: 'Enter the expiry year in full, e.g. 2030',
  cardNumber: 'Enter the card number',
};
const hint = (issue: { path?: PropertyKey[] }) => FIELD_HINTS[String(issue.path?.[0])];

/** A posted checkbox: `on` when ticked, absent otherwise. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');
/**
 * A posted number: empty or absent is no number (the platform's schema names it); anything but
 * digits is NaN, which it refuses too (ADR 0339: Number() read "0x7EF" as the year 2031).
 */
export const numberText = z
  .string()
  .optional()
  .transform((value) => (value ? (wholeNumberOf(value) ?? Number.NaN) : undefined));
/** A posted text field; absent is empty. */
export const text = z.string().default('');

/** The address form (delivery addresses, checkout, smart carts): the profile service's schema. */
export const AddressForm = addressRules(DeliveryAddressFields.extend({ isDefault: checkbox }));
/** The same with the address's id (changing one). */
export const AddressUpdateForm = addressRules(
  DeliveryAddressFields.extend({ isDefault: checkbox, id: z.string().trim().min(1).max(100) }),
);

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

/**
 * The shop's own rule on a posted address's country (ADR 0340), for the shopper's comfort: the
 * message beside the field at once, with the form's others. The platform is the authority and
 * says the same. None when the page's context names no country.
 */
export async function countryErrors(
  context: AppLoadContext,
  country: string | undefined,
): Promise<FieldErrors> {
  await context.ready;
  const code = (country ?? '').trim().toUpperCase();
  const tenant = context.publicContext?.tenant;
  const problem = /^[A-Z]{2}$/.test(code)
    ? notDeliveredTo(code, deliveryCountriesOf(tenant), tenant?.locale)
    : null;
  return problem ? { country: problem } : {};
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

/** The same key in the forms that add to the cart (lists, smart carts, reorder: ADR 0328). */
export const FillKeyField = z.object({
  [ORDER_KEY_FIELD]: OrderKeyField.shape[ORDER_KEY_FIELD].describe(
    'Sent to the platform as Idempotency-Key: the same post again adds nothing and leads to the same page',
  ),
});

/** The place-order form as posted: the order and its key. */
export const PlaceOrderPost = PlaceOrderForm.extend(OrderKeyField.shape);

export const newOrderKey = (): string => crypto.randomUUID();

/**
 * The Idempotency-Key header of a posted order form (or of a form that adds to the cart: the same
 * field); none when the field is missing or malformed.
 */
export function orderKeyHeaders(fields: FormFields): Record<string, string> | undefined {
  const key = OrderKeyField.safeParse(fields);
  const value = key.success ? key.data[ORDER_KEY_FIELD] : undefined;
  return value ? { 'idempotency-key': value } : undefined;
}

const centsText = z.string().regex(/^\d{1,12}$/);

/**
 * The totals the order form's page showed, in cents (ADR 0319, 0326): the total of the slot it
 * showed, the subtotal, and the fees of the slots that cost another fee. A malformed one is ignored.
 */
export const ShownTotalField = z.object({
  [SHOWN_TOTAL_FIELD]: centsText
    .optional()
    .describe(
      "Sent to the platform as the order's expectedTotal: another total places nothing, and the page says the cart changed",
    ),
  [SHOWN_SUBTOTAL_FIELD]: centsText
    .optional()
    .describe(
      'The subtotal shown: with `slotFees`, the total of a slot chosen after the totals were shown; and whether a refused total is a changed cart or a changed delivery fee',
    ),
  [SLOT_FEES_FIELD]: z
    .string()
    .max(20_000)
    .optional()
    .describe(
      "The delivery fee shown for each slot whose fee is not the shown slot's, as a query string (slot id=cents): the order at such a slot is expected at the shown subtotal plus its fee",
    ),
});

// Each field read on its own (as ShownTotalField describes it): a malformed one is ignored alone.
const centsOf = (text: string | undefined | null) =>
  text != null && centsText.safeParse(text).success ? Number(text) : undefined;
const slotFeesOf = (fields: FormFields) => {
  const fees = ShownTotalField.shape[SLOT_FEES_FIELD].safeParse(fields[SLOT_FEES_FIELD]);
  return new URLSearchParams(fees.success ? fees.data : undefined);
};

/**
 * The platform's `expectedTotal` of a posted order form: the shown total, or, for a slot listed
 * with another fee, the shown subtotal plus that fee. None when the fields are missing or malformed.
 */
export function shownTotalOf(fields: FormFields): number | undefined {
  const subtotal = centsOf(fields[SHOWN_SUBTOTAL_FIELD]);
  const slotId = fields.slotId?.trim();
  const fee = slotId ? centsOf(slotFeesOf(fields).get(slotId)) : undefined;
  if (subtotal !== undefined && fee !== undefined) return subtotal + fee;
  return centsOf(fields[SHOWN_TOTAL_FIELD]);
}

/**
 * Why the platform refused the total shown, from its quote now: the cart changed, or (its
 * subtotal still the one shown) the delivery fee did.
 */
export function totalChangeOf(fields: FormFields, now: { subtotal: number } | undefined) {
  const subtotal = centsOf(fields[SHOWN_SUBTOTAL_FIELD]);
  return now !== undefined && subtotal === now.subtotal
    ? { code: 'fee', message: FEE_CHANGED }
    : { code: 'total', message: CART_CHANGED };
}

export { ORDER_KEY_FIELD };
