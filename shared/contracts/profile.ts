import { z } from 'zod';

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
const phone = z
  .string()
  .trim()
  .max(30)
  .regex(/^[+\d][\d\s()-]*$|^$/, 'Digits, spaces, +, ( ) and - only')
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

export const DeliveryAddressInput = z.object({
  /** Who receives the delivery. */
  name: name(100),
  line1: name(200),
  line2: optionalText(200),
  postcode: name(20),
  city: name(100),
  country: name(60),
  phone,
  /** For the driver: "ring twice", "leave at the back door". */
  instructions: optionalText(500),
  isDefault: z.boolean().default(false),
});
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
