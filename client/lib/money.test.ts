import { describe, expect, it } from 'vitest';
import { formatCents, moneyFormatOf } from './money';

describe('formatCents', () => {
  const eur = { currency: 'EUR', locale: 'en-IE' };

  it('formats cents in the currency and locale, the same text every time it is asked', () => {
    expect(formatCents(1234, eur)).toBe('€12.34');
    expect(formatCents(1234, eur)).toBe('€12.34');
    expect(formatCents(-5, eur)).toBe('-€0.05');
    expect(formatCents(1234, { currency: 'JPY', locale: 'en-IE' })).toBe('JP¥1,234');
    expect(formatCents(1234, { currency: 'EUR', locale: 'de-DE' })).toBe('12,34\u00a0€');
  });

  it('keeps each amount its own text past the bound of the kept texts', () => {
    for (let cents = 0; cents < 5_000; cents += 1) {
      expect(formatCents(cents, eur)).toBe(
        `€${(cents / 100).toFixed(2)}`.replace(/\B(?=(\d{3})+\.)/g, ','),
      );
    }
    expect(formatCents(7, eur)).toBe('€0.07');
  });
});

describe('moneyFormatOf', () => {
  it("takes the shop's currency and locale, and EUR / en-GB where the context leaves them out", () => {
    expect(moneyFormatOf({ currency: 'GBP', locale: 'en-IE' })).toEqual({
      currency: 'GBP',
      locale: 'en-IE',
    });
    // A context carries only the required tenant id (specification section 3), or no tenant.
    expect(moneyFormatOf({})).toEqual({ currency: 'EUR', locale: 'en-GB' });
    expect(moneyFormatOf(undefined)).toEqual({ currency: 'EUR', locale: 'en-GB' });
  });
});
