import { data, type AppLoadContext } from 'react-router';
import {
  profilePaths,
  type DeliveryAddress,
  type PaymentMethod,
} from '../../../shared/contracts/profile';
import { askPlatform, type PlatformFailure } from '../../lib/platform-answer.server';
import { fieldErrorsOf, type FieldErrors, type FormFields } from './form-fields';
import { typedAddress } from './address-card-fields';
import { countryErrors, parseAddress, parseCard } from './place-order-forms';

// What placing an order shares at the checkout and at a smart cart: reading the platform's
// refusals, and adding an address or a card on the way.

/** The fields a refused order is about, named in the platform's message ("Unknown delivery slot"). */
export const ORDER_REFUSAL_FIELDS = {
  slotId: /slot/i,
  addressId: /address/i,
  paymentMethodId: /card|payment/i,
  notes: /notes/i,
};

/** The fields a refused address is about (the platform's rules of ADR 0340 name them). */
const ADDRESS_REFUSAL_FIELDS = {
  postcode: /: postcode: /,
  country: /: country: /,
  phone: /: phone: /,
};

/** The fields a refused card is about. */
const CARD_REFUSAL_FIELDS = { cardNumber: /card number/i, expiryYear: /expired/i };

export type Refusal = { fieldErrors: FieldErrors; formError?: string; status: number };

/**
 * A platform's refusal as its form shows it: on the field its message names, else the form's;
 * 409 stays 409, the others are 400. The platform failing (5xx) is the page's 502.
 */
export function refusalOf(failure: PlatformFailure, fields: Record<string, RegExp> = {}): Refusal {
  if (failure.status >= 500) throw data({ message: failure.message }, { status: 502 });
  const status = failure.status === 409 ? 409 : 400;
  const field = Object.entries(fields).find(([, pattern]) => pattern.test(failure.message))?.[0];
  return field
    ? { fieldErrors: { [field]: failure.message }, formError: undefined, status }
    : { fieldErrors: {}, formError: failure.message, status };
}

/** What was typed, to fill the form again: an address's fields, never a card's (ADR 0111). */
type Typed = { values?: FormFields };

export type OrderChoiceAdded =
  | ({ kind: 'invalid'; fieldErrors: FieldErrors } & Typed)
  | ({ kind: 'refused'; failure: PlatformFailure; fields: Record<string, RegExp> } & Typed)
  | { kind: 'added'; choice: 'addressId' | 'paymentMethodId'; id: string };

/**
 * An address or a card added while ordering; the new one becomes the order's choice. A refused
 * address comes back with what was typed, as the profile's does (ADR 0340). The card number goes
 * to the platform and nowhere else (never logged, never returned).
 */
export async function addOrderChoice(
  context: AppLoadContext,
  intent: 'add-address' | 'add-card',
  fields: FormFields,
): Promise<OrderChoiceAdded> {
  if (intent === 'add-address') {
    const values = typedAddress(fields);
    const address = parseAddress(fields);
    const elsewhere = await countryErrors(context, fields.country);
    if (!address.success || elsewhere.country) {
      const fieldErrors = address.success ? {} : fieldErrorsOf(address.error);
      return { kind: 'invalid', fieldErrors: { ...fieldErrors, ...elsewhere }, values };
    }
    const added = await askPlatform<DeliveryAddress>(context.platform, {
      method: 'POST',
      path: profilePaths.addresses,
      body: address.data,
    });
    return added.ok
      ? { kind: 'added', choice: 'addressId', id: added.body.id }
      : { kind: 'refused', failure: added, fields: ADDRESS_REFUSAL_FIELDS, values };
  }
  const card = parseCard(fields);
  if (!card.success) return { kind: 'invalid', fieldErrors: fieldErrorsOf(card.error) };
  const added = await askPlatform<PaymentMethod>(context.platform, {
    method: 'POST',
    path: profilePaths.paymentMethods,
    body: card.data,
  });
  return added.ok
    ? { kind: 'added', choice: 'paymentMethodId', id: added.body.id }
    : { kind: 'refused', failure: added, fields: CARD_REFUSAL_FIELDS };
}
