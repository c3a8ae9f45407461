import { describe, expect, it } from 'vitest';
import { isExpired, passesLuhn, PaymentMethodInput } from '../../../shared/contracts/profile';
import { cardBrand, lastFour, newCardToken } from './cards';

describe('card checks', () => {
  it('passes Luhn for the test numbers of every brand and fails a changed digit', () => {
    for (const number of [
      '4242424242424242',
      '5555555555554444',
      '2223003122003222',
      '378282246310005',
      '6011111111111117',
    ]) {
      expect(passesLuhn(number)).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('detects the brand from the issuer prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('other');
    expect(lastFour('4242424242424242')).toBe('4242');
  });

  it('makes tokens that do not contain the number', () => {
    const token = newCardToken();
    expect(token).toMatch(/^pm_tok_[0-9a-f]{32}$/);
    expect(newCardToken()).not.toBe(token);
  });

  it('counts a card as valid through its expiry month', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 2025, now)).toBe(true);
  });

  it('validates the input without echoing the number in messages', () => {
    const result = PaymentMethodInput.safeParse({
      cardNumber: '4242 4242 4242 4241',
      expiryMonth: 12,
      expiryYear: 2099,
      holderName: 'Sam',
    });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).not.toContain('4241');
    const ok = PaymentMethodInput.parse({
      cardNumber: '4242 4242 4242 4242',
      expiryMonth: 12,
      expiryYear: 2099,
      holderName: 'Sam',
    });
    expect(ok.cardNumber).toBe('4242424242424242');
  });
});
