import { randomBytes } from 'node:crypto';
import type { CardBrand } from '../../../shared/contracts/profile';

// What the shop derives from a card number before forgetting it (docs/decisions/0062): the brand
// from the issuer prefix, the last four digits, and an opaque token standing in for the payment
// provider's handle. Nothing here keeps or logs the number.
export function cardBrand(digits: string): CardBrand {
  if (/^3[47]/.test(digits) && digits.length === 15) return 'amex';
  if (digits.startsWith('4')) return 'visa';
  const prefix6 = Number(digits.slice(0, 6));
  if (/^5[1-5]/.test(digits) || (prefix6 >= 222100 && prefix6 <= 272099)) return 'mastercard';
  return 'other';
}

export function lastFour(digits: string): string {
  return digits.slice(-4);
}

/** Random, not derived from the number: the token reveals nothing about the card. */
export function newCardToken(): string {
  return `pm_tok_${randomBytes(16).toString('hex')}`;
}
