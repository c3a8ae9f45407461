import { z } from 'zod';
import { quantityField } from './quantity-field';

// The lines editors' form (an order's lines, a smart cart's items): offeringId, byCase and
// quantity repeated once per line, in order, and "Remove" sending the index of its line.
export function linesForm(removes: string) {
  return z.object({
    offeringId: z.array(z.string()).describe('One per line, in order'),
    byCase: z
      .array(z.string())
      .describe('One per line: `true` counts cases, anything else singles'),
    // A typed 0 removes its line; an emptied field is refused, not 0 (ADR 0339).
    quantity: z.array(quantityField(0, `Enter 0 or more (0 removes the ${removes})`)),
    remove: z.string().optional().describe('The index of the line to remove'),
  });
}
