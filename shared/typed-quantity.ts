import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_TEXT } from './line-limits';

// How the shop reads a number a shopper types into a form (a quantity of singles or of cases):
// digits only, spaces around them ignored, full-width digits (a Japanese or Chinese input
// method's) as ASCII ones (docs/decisions/0339). Number() read "0x10" as 16, "1e3" as 1000 and an
// empty field as 0, which removed the line. Without zod: any form's schema wraps it.

export const ENTER_A_QUANTITY = 'Enter a quantity';
export const ENTER_A_WHOLE_NUMBER = 'Enter a whole number';

const FULL_WIDTH_ZERO = 0xff10;
const asciiDigits = (text: string) =>
  text.replace(/[０-９]/g, (digit) => String(digit.charCodeAt(0) - FULL_WIDTH_ZERO));

/** What the rule reads, as a pattern for the API documents (the range is checked apart). */
export const QUANTITY_PATTERN = '^\\s*[0-9０-９]+\\s*$';

/** The whole number `text` spells in digits (spaces around ignored), or null when it spells none. */
export function wholeNumberOf(text: string): number | null {
  const digits = asciiDigits(text.trim());
  return /^[0-9]+$/.test(digits) ? Number(digits) : null;
}

const NEGATIVE = /^[-\u2212][0-9０-９]+$/;

export type TypedQuantity = { ok: true; quantity: number } | { ok: false; message: string };

/**
 * A typed quantity of at least `min` and at most MAX_LINE_QUANTITY, or the message to show beside
 * its field. Absent or blank is "Enter a quantity", never 0: where 0 removes a line, the shopper
 * types 0 or presses Remove.
 */
export function readQuantity(
  text: string | null | undefined,
  min: number,
  belowMin = `At least ${min}`,
): TypedQuantity {
  if (text == null || text.trim() === '') return { ok: false, message: ENTER_A_QUANTITY };
  const quantity = wholeNumberOf(text);
  // "-2" is below any minimum rather than not a number; it is refused all the same.
  if (quantity === null)
    return { ok: false, message: NEGATIVE.test(text.trim()) ? belowMin : ENTER_A_WHOLE_NUMBER };
  if (quantity < min) return { ok: false, message: belowMin };
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, message: MAX_LINE_QUANTITY_TEXT };
  return { ok: true, quantity };
}
