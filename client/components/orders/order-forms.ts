import { z } from 'zod';
import type { OrderLineInput } from '../../../shared/contracts/orders';
import { intentForms, NO_FIELDS } from '../forms/intent-forms';
import { linesForm } from '../forms/lines-form';
import { FillKeyField } from '../forms/place-order-forms';

// The order page's forms (change lines, change slot, cancel, reorder) as the action receives them.

export type OrderActionResult = {
  intent: OrderIntent;
  fieldErrors: Record<string, string>;
  formError?: string;
};

export const ChangeSlotForm = z.object({
  slotId: z
    .string({ error: 'Choose a delivery slot' })
    .trim()
    .min(1, 'Choose a delivery slot')
    .max(100),
});

/** "Replace my cart" sends override=true, "Add to my cart" override=false. */
export const ReorderForm = z.object({
  override: z.enum(['true', 'false'], { error: 'Choose to replace or add to your cart' }),
});

const LinesForm = linesForm('line');
const Quantity = LinesForm.shape.quantity.element;

export const OrderForms = intentForms({
  'change-lines': LinesForm,
  'change-slot': ChangeSlotForm,
  cancel: NO_FIELDS,
  reorder: ReorderForm.extend(FillKeyField.shape),
});
export const OrderIntent = OrderForms.intent;
export type OrderIntent = z.infer<typeof OrderIntent>;

/**
 * The lines form repeats offeringId, byCase and quantity once per line, in order; a "Remove"
 * button sends the index of its line. Quantity 0 removes a line too. Errors are keyed
 * `quantity-<index>` so each shows beside its own field.
 */
export function parseLines(
  form: FormData,
): { lines: OrderLineInput[] } | { fieldErrors: Record<string, string> } {
  const offerings = form.getAll('offeringId').map(String);
  const byCase = form.getAll('byCase').map(String);
  const quantities = form.getAll('quantity').map(String);
  const removed = form.get('remove');
  const fieldErrors: Record<string, string> = {};
  const lines: OrderLineInput[] = [];
  offerings.forEach((offeringId, index) => {
    if (removed !== null && String(removed) === String(index)) return;
    const quantity = Quantity.safeParse(quantities[index] ?? '');
    if (!quantity.success) {
      fieldErrors[`quantity-${index}`] = quantity.error.issues[0]!.message;
      return;
    }
    if (quantity.data > 0)
      lines.push({ offeringId, quantity: quantity.data, byCase: byCase[index] === 'true' });
  });
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  if (lines.length === 0)
    return {
      fieldErrors: {
        lines: 'An order needs at least one item: to order nothing, cancel the order instead',
      },
    };
  return { lines };
}
