import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_TEXT } from './line-limits';
import {
  ENTER_A_QUANTITY,
  ENTER_A_WHOLE_NUMBER,
  QUANTITY_PATTERN,
  readQuantity,
  wholeNumberOf,
} from './typed-quantity';

// The shop's one rule for a typed quantity (ADR 0339), over the inputs Number() read wrongly.
describe('readQuantity', () => {
  it.each([
    ['', ENTER_A_QUANTITY],
    ['   ', ENTER_A_QUANTITY],
    ['\u3000', ENTER_A_QUANTITY],
    [null, ENTER_A_QUANTITY],
    [undefined, ENTER_A_QUANTITY],
    ['0x10', ENTER_A_WHOLE_NUMBER],
    ['0b11', ENTER_A_WHOLE_NUMBER],
    ['0o7', ENTER_A_WHOLE_NUMBER],
    ['1e3', ENTER_A_WHOLE_NUMBER],
    ['1.5', ENTER_A_WHOLE_NUMBER],
    ['1.0', ENTER_A_WHOLE_NUMBER],
    ['1,000', ENTER_A_WHOLE_NUMBER],
    ['1 000', ENTER_A_WHOLE_NUMBER],
    ['+2', ENTER_A_WHOLE_NUMBER],
    ['Infinity', ENTER_A_WHOLE_NUMBER],
    ['NaN', ENTER_A_WHOLE_NUMBER],
    ['lots', ENTER_A_WHOLE_NUMBER],
    ['٣', ENTER_A_WHOLE_NUMBER], // Arabic-Indic: not a digit the shop reads
    ['①', ENTER_A_WHOLE_NUMBER],
    ['-1', 'At least 1'],
    ['−3', 'At least 1'], // the minus sign
    ['-0', 'At least 1'],
    ['0', 'At least 1'],
    ['10000', MAX_LINE_QUANTITY_TEXT],
    ['1'.repeat(400), MAX_LINE_QUANTITY_TEXT],
  ])('refuses %j: %s', (text, message) => {
    expect(readQuantity(text, 1)).toEqual({ ok: false, message });
  });

  it.each([
    ['1', 1],
    [' 1 ', 1],
    ['\t7\n', 7],
    ['007', 7],
    ['１２', 12],
    ['\u3000３\u3000', 3],
    ['9999', MAX_LINE_QUANTITY],
  ])('reads %j as %d', (text, quantity) => {
    expect(readQuantity(text, 1)).toEqual({ ok: true, quantity });
  });

  it('takes 0 only where the form says 0 removes, with that form’s own message below it', () => {
    expect(readQuantity('0', 0)).toEqual({ ok: true, quantity: 0 });
    expect(readQuantity('', 0)).toEqual({ ok: false, message: ENTER_A_QUANTITY });
    expect(readQuantity('-1', 0, 'Enter 0 or more')).toEqual({
      ok: false,
      message: 'Enter 0 or more',
    });
  });

  it('reads every whole number in range as written, however padded', () => {
    const space = fc.constantFrom('', ' ', '\t', '\u00a0', '\u3000');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_LINE_QUANTITY }),
        fc.nat({ max: 3 }),
        space,
        space,
        fc.boolean(),
        (n, zeros, before, after, fullWidth) => {
          const digits = '0'.repeat(zeros) + String(n);
          const typed = fullWidth
            ? digits.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)))
            : digits;
          expect(readQuantity(`${before}${typed}${after}`, 0)).toEqual({ ok: true, quantity: n });
        },
      ),
    );
  });

  it('never answers a quantity out of range or for text that is not only digits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (text) => {
        const read = readQuantity(text, 1);
        const digitsOnly = /^[0-9０-９]+$/.test(text.trim());
        // The API documents' pattern says the same of the text (the range apart).
        expect(new RegExp(QUANTITY_PATTERN).test(text)).toBe(digitsOnly);
        if (!read.ok) return;
        expect(digitsOnly).toBe(true);
        expect(Number.isInteger(read.quantity)).toBe(true);
        expect(read.quantity).toBeGreaterThanOrEqual(1);
        expect(read.quantity).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
      }),
    );
  });

  it('refuses what Number() reads as a number but is not digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: 999 }).map((n) => `0x${n.toString(16)}`),
          fc.integer({ min: 1, max: 9 }).map((n) => `${n}e${n % 3}`),
          fc
            .double({ min: 0.01, max: 99, noNaN: true })
            .filter((n) => !Number.isInteger(n))
            .map(String),
        ),
        (text) => {
          expect(Number.isFinite(Number(text))).toBe(true);
          expect(readQuantity(text, 0)).toEqual({ ok: false, message: ENTER_A_WHOLE_NUMBER });
        },
      ),
    );
  });
});

describe('wholeNumberOf', () => {
  it('is the digits’ number or null, with no range', () => {
    expect(wholeNumberOf(' 2030 ')).toBe(2030);
    expect(wholeNumberOf('0x7EE')).toBeNull();
    expect(wholeNumberOf('')).toBeNull();
  });
});
