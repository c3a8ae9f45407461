import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';
import { ENTER_A_QUANTITY, QUANTITY_PATTERN, readQuantity } from '../../../shared/typed-quantity';

/**
 * A form's quantity field (docs/decisions/0339): the typed text, read by the shop's one rule
 * (shared/typed-quantity.ts) into a whole number from `min` to MAX_LINE_QUANTITY; a refusal's
 * message is the one shown beside the field. `belowMin` says what a smaller number means.
 */
export function quantityField(min: number, belowMin?: string) {
  return z
    .string({ error: ENTER_A_QUANTITY })
    .transform((text, context) => {
      const read = readQuantity(text, min, belowMin);
      if (read.ok) return read.quantity;
      context.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    })
    .meta({
      description: `A whole number from ${min} to ${MAX_LINE_QUANTITY} in digits (ASCII or full-width), spaces around them ignored; empty is refused`,
      pattern: QUANTITY_PATTERN,
    });
}
