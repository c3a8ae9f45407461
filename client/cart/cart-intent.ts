import { z } from 'zod';
import { quantityField } from '../components/forms/quantity-field';

// The no-JavaScript cart form's fields (client/components/cart/cart-form.tsx), one intent per change.
const Uid = z.string().min(1).max(100);
const ReturnTo = z.string().max(2048).optional();

export const CartIntent = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('set'),
    offeringId: Uid,
    byCase: z.enum(['true', 'false']).transform((value) => value === 'true'),
    // 0 is the stepper's "−" from 1; an empty quantity is refused, not 0 (ADR 0339).
    quantity: quantityField(0),
    returnTo: ReturnTo,
  }),
  z.object({ intent: z.literal('remove'), itemUid: Uid, returnTo: ReturnTo }),
]);
export type CartIntent = z.infer<typeof CartIntent>;

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || 'form'}: ${issue.message}`)
    .join('; ');
}
