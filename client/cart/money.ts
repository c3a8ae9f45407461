// Prices are integer cents of the shop's currency (shared/contracts/catalogue.ts).
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency = 'EUR', locale = 'en'): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}
