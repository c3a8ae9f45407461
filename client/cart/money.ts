import { formatCents, moneyFormatOf } from '../lib/money';

// The cart's prices in the shop's money format (client/lib/money.ts does the formatting and
// caches the formatters); currency and locale fall back to the shop defaults.
export function formatMoney(cents: number, currency?: string, locale?: string): string {
  const fallback = moneyFormatOf(null);
  return formatCents(cents, {
    currency: currency ?? fallback.currency,
    locale: locale ?? fallback.locale,
  });
}
