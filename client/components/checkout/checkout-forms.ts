import { z } from 'zod';
import type { FieldErrors } from '../forms/form-fields';

// The checkout's intents and what its action answers. The forms themselves are shared with the
// smart carts and the profile (client/components/forms/).
export const CheckoutIntent = z.enum(['place-order', 'add-address', 'add-card']);
export type CheckoutIntent = z.infer<typeof CheckoutIntent>;

/** What the action answers when the shopper has something to fix (400) or the shop refused (409). */
export type CheckoutActionResult = {
  intent: CheckoutIntent;
  fieldErrors: FieldErrors;
  formError?: string;
};
