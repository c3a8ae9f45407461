import type { z } from 'zod';
import type { FieldErrors, FormFields } from '../forms/form-fields';
import { intentForms } from '../forms/intent-forms';
import { AddressForm, CardForm, PlaceOrderPost, ShownTotalField } from '../forms/place-order-forms';

// The checkout's forms, by intent, and what its action answers. The forms themselves are shared
// with the smart carts and the profile (client/components/forms/).
export const CheckoutForms = intentForms({
  'place-order': PlaceOrderPost.extend(ShownTotalField.shape),
  'add-address': AddressForm,
  'add-card': CardForm,
});
export const CheckoutIntent = CheckoutForms.intent;
export type CheckoutIntent = z.infer<typeof CheckoutIntent>;

/** What the action answers when the shopper has something to fix (400) or the shop refused (409). */
export type CheckoutActionResult = {
  intent: CheckoutIntent;
  fieldErrors: FieldErrors;
  formError?: string;
  /** What was typed in a refused "add address" form, to fill it again (never a card's fields). */
  values?: FormFields;
};
