import { z } from 'zod';
import { normalisePostcode, postcodeProblem } from './postcode';

// Profile service (/api/services/profile/api/v1): the signed-in shopper's info, delivery
// addresses and payment methods. Bodies are validated with these schemas on both sides, so the
// checkout and profile forms show the platform's own messages beside their fields.
export const PROFILE_BASE = '/api/services/profile/api/v1';

export const profilePaths = {
  info: `${PROFILE_BASE}/info`,
  addresses: `${PROFILE_BASE}/addresses`,
  address: (id: string) => `${PROFILE_BASE}/addresses/${encodeURIComponent(id)}`,
  paymentMethods: `${PROFILE_BASE}/payment-methods`,
  paymentMethod: (id: string) => `${PROFILE_BASE}/payment-methods/${encodeURIComponent(id)}`,
} as const;

const name = (max: number) => z.string().trim().min(1, 'Required').max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');
// A phone number of plausible shape: E.164 numbers have at most 15 digits, and no number a
// driver can ring (with its area code) has fewer than 7. Optional: empty is none.
const PHONE_DIGITS = 'Enter a phone number of 7 to 15 digits';
const phone = z
  .string()
  .trim()
  .max(30)
  .regex(/^[+\d][\d\s()-]*$|^$/, { error: 'Digits, spaces, +, ( ) and - only', abort: true })
  .refine((text) => text === '' || /^\D*(?:\d\D*){7,15}$/.test(text), PHONE_DIGITS)
  .default('');

export const ProfileInfo = z.object({
  /** Read-only: changing the e-mail is not part of the profile. */
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
});
export type ProfileInfo = z.infer<typeof ProfileInfo>;

export const ProfileInfoInput = z.object({
  firstName: name(100),
  lastName: name(100),
  phone,
});
export type ProfileInfoInput = z.input<typeof ProfileInfoInput>;

/** A country as ISO 3166-1 alpha-2 ("IE", "GB"); one the shop delivers to (ADR 0340). */
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country')
  .describe(
    "ISO 3166-1 alpha-2 code of a country the shop delivers to (its context's tenant.deliveryCountries), else a 400",
  );

/** Whether an issue is of the postcode or the country (its shape needs both readable). */
const isOfPlace = (issue: { path?: PropertyKey[] }) =>
  issue.path?.[0] === 'postcode' || issue.path?.[0] === 'country';

/** A delivery address's fields, before the rules between them (addressRules). */
export const DeliveryAddressFields = z.object({
  /** Who receives the delivery. */
  name: name(100),
  line1: name(200),
  line2: optionalText(200),
  postcode: name(20).describe(
    "In its country's shape (IE: Eircode, GB: UK postcode; else letters and digits), else a 400; stored normalised: upper case, one space where it belongs",
  ),
  city: name(100),
  country,
  phone,
  /** For the driver: "ring twice", "leave at the back door". */
  instructions: optionalText(500),
  isDefault: z.boolean().default(false),
});

type Located = z.ZodObject<{ postcode: z.ZodType<string>; country: z.ZodType<string> }>;

/**
 * An address's postcode must have the shape of its country's (ADR 0340;
 * shared/contracts/postcode.ts) and is kept normalised: "d02x285" is stored as "D02 X285". For
 * an object with the address's fields (a form's adds its own): a schema with rules cannot be
 * extended. Addresses stored before the rule are not checked again until they are saved.
 */
const isLocated = (value: unknown): value is { country: string; postcode: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { country?: unknown }).country === 'string' &&
  typeof (value as { postcode?: unknown }).postcode === 'string';

export function addressRules<S extends Located>(fields: S) {
  return fields
    .refine((a) => postcodeProblem(a.country, a.postcode) === null, {
      path: ['postcode'],
      error: (issue) => {
        const a = issue.input as { country: string; postcode: string };
        return postcodeProblem(a.country, a.postcode) ?? undefined;
      },
      // Checked while another field is wrong too (all messages at once), not with a bad country.
      // Never on a body that is not an address at all (an array, a number: its own issue says so).
      when: (payload) => isLocated(payload.value) && !payload.issues.some(isOfPlace),
    })
    .overwrite((a) => ({ ...a, postcode: normalisePostcode(a.country, a.postcode) }));
}

/** A delivery address as given (profile, guest order). */
export const DeliveryAddressInput = addressRules(DeliveryAddressFields);
export type DeliveryAddressInput = z.input<typeof DeliveryAddressInput>;

export const DeliveryAddress = z.object({
  id: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  instructions: z.string(),
  isDefault: z.boolean(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

export const DeliveryAddressList = z.object({ items: z.array(DeliveryAddress) });
export type DeliveryAddressList = z.infer<typeof DeliveryAddressList>;

export const CardBrand = z.enum(['visa', 'mastercard', 'amex', 'other']);
export type CardBrand = z.infer<typeof CardBrand>;

/** The Luhn check digit test every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(month: number, year: number, now = new Date()): boolean {
  const thisYear = now.getUTCFullYear();
  return year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1);
}

// Messages never contain the number itself: errors are logged and shown.
export const PaymentMethodInput = z
  .object({
    cardNumber: z
      .string()
      .max(40)
      .transform((value) => value.replace(/\s+/g, ''))
      .refine(
        (digits) => /^\d{12,19}$/.test(digits),
        'Enter the 12 to 19 digits of the card number',
      )
      .refine((digits) => passesLuhn(digits), 'This card number is not valid (check the digits)'),
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int().min(2000).max(2100),
    holderName: name(100),
    isDefault: z.boolean().default(false),
  })
  .superRefine((card, ctx) => {
    if (isExpired(card.expiryMonth, card.expiryYear)) {
      ctx.addIssue({ code: 'custom', path: ['expiryYear'], message: 'This card has expired' });
    }
  });
export type PaymentMethodInput = z.input<typeof PaymentMethodInput>;

/** What the shop keeps of a card: never the number. */
export const PaymentMethod = z.object({
  id: z.string(),
  brand: CardBrand,
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  holderName: z.string(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** PUT: the only thing a stored card lets change is which one is the default. */
export const PaymentMethodUpdate = z.object({ isDefault: z.literal(true) });
export type PaymentMethodUpdate = z.infer<typeof PaymentMethodUpdate>;

export const PaymentMethodList = z.object({ items: z.array(PaymentMethod) });
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;

/** Path parameter of one address or payment method. */
export const ProfileItemParams = z.object({ id: z.string().min(1).max(100) });
