// The fields of a delivery address and of a card, described once for the checkout's "add" forms
// and the profile's (drawn by FieldList). A card number is never filled in again after a mistake
// (docs/decisions/0111): the actions do not send it back.
import type { FormFields } from './form-fields';

/** A delivery address's field names, as the actions read them from a form. */
export const ADDRESS_FIELD_NAMES = [
  'name',
  'line1',
  'line2',
  'postcode',
  'city',
  'country',
  'phone',
  'instructions',
] as const;

/**
 * What the shopper typed of an address, sent back with a refusal to fill its form again (ADR
 * 0317, 0340): the profile's, the checkout's and the smart carts' "add" forms. Only the address's
 * fields, so nothing else posted (a card's) comes back.
 */
export function typedAddress(fields: FormFields): Record<string, string> {
  return Object.fromEntries(ADDRESS_FIELD_NAMES.map((name) => [name, fields[name] ?? '']));
}

/** A ticked checkbox's value as a refused form's `values` keep it: 'on', or '' when not ticked. */
export const ticked = (value: string | undefined) =>
  value === undefined || value === '' ? '' : 'on';

export type FieldSpec = {
  name: string;
  label: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric';
  type?: string;
  maxLength?: number;
  /** Chosen, not typed: the shop's delivery countries (./country-field.tsx). */
  choice?: 'delivery-country';
};

export const ADDRESS_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: "Recipient's name", required: true, autoComplete: 'name', maxLength: 100 },
  {
    name: 'line1',
    label: 'Address',
    required: true,
    autoComplete: 'address-line1',
    maxLength: 200,
  },
  { name: 'line2', label: 'Address line 2', autoComplete: 'address-line2', maxLength: 200 },
  {
    name: 'postcode',
    label: 'Postcode',
    required: true,
    autoComplete: 'postal-code',
    maxLength: 20,
  },
  {
    name: 'city',
    label: 'Town or city',
    required: true,
    autoComplete: 'address-level2',
    maxLength: 100,
  },
  // One of the shop's delivery countries (ADR 0340), by its ISO code: the postcode's shape is its.
  { name: 'country', label: 'Country', required: true, choice: 'delivery-country' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: 30 },
  { name: 'instructions', label: 'Instructions for the driver', maxLength: 500 },
];

const numeric = { required: true, inputMode: 'numeric' } as const;
export const CARD_FIELDS: readonly FieldSpec[] = [
  {
    name: 'cardNumber',
    label: 'Card number',
    ...numeric,
    autoComplete: 'cc-number',
    maxLength: 40,
  },
  {
    name: 'holderName',
    label: 'Name on the card',
    required: true,
    autoComplete: 'cc-name',
    maxLength: 100,
  },
  {
    name: 'expiryMonth',
    label: 'Expiry month (MM)',
    ...numeric,
    autoComplete: 'cc-exp-month',
    maxLength: 2,
  },
  {
    name: 'expiryYear',
    label: 'Expiry year (YYYY)',
    ...numeric,
    autoComplete: 'cc-exp-year',
    maxLength: 4,
  },
];
