import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_TEXT } from '../../../shared/line-limits';

// The lines editors' form (an order's lines, a smart cart's items): offeringId, byCase and
// quantity repeated once per line, in order, and "Remove" sending the index of its line.
export function linesForm(removes: string) {
  return z.object({
    offeringId: z.array(z.string()).describe('One per line, in order'),
    byCase: z
      .array(z.string())
      .describe('One per line: `true` counts cases, anything else singles'),
    quantity: z.array(
      z.coerce
        .number({ error: 'Enter a number' })
        .int('Enter a whole number')
        .min(0, `Enter 0 or more (0 removes the ${removes})`)
        .max(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_TEXT),
    ),
    remove: z.string().optional().describe('The index of the line to remove'),
  });
}
