import { describe, expect, it } from 'vitest';
import { parseCard } from './place-order-forms';

// The card form's typed numbers read by the shop's rule for typed numbers (ADR 0339): digits only.
const card = (expiryYear: string) => ({
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear,
  holderName: 'Sam Shopper',
});

describe('the card form', () => {
  it('reads an expiry year in digits, spaces around them and full-width digits too', () => {
    for (const typed of ['2031', ' 2031 ', '２０３１']) {
      const parsed = parseCard(card(typed));
      expect(parsed.success && parsed.data.expiryYear, typed).toBe(2031);
    }
  });

  it('refuses a year Number() read but nobody types, with the field’s hint', () => {
    for (const typed of ['0x7EF', '2.031e3', '2031.0', '+2031']) {
      const parsed = parseCard(card(typed));
      expect(parsed.success, typed).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
        ['expiryYear', 'Enter the expiry year in full, e.g. 2030'],
      ]);
    }
  });

  it('asks for a month out of range, or none, as the guest checkout does: typed, 1 to 12', () => {
    for (const typed of ['13', '0', '']) {
      const parsed = parseCard({ ...card('2031'), expiryMonth: typed });
      expect(
        parsed.error?.issues.map((issue) => [issue.path[0], issue.message]),
        typed,
      ).toEqual([['expiryMonth', 'Enter the expiry month, 1 to 12']]);
    }
  });
});
