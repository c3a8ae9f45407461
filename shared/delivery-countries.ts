// The countries a shop delivers to, as ISO 3166-1 alpha-2 codes (its delivery policy's; ADR
// 0340), and their names in the shop's language. Names come from the runtime's own data
// (Intl.DisplayNames, in Node and every browser): no country list is shipped.
const CODE = /^[A-Z]{2}$/;

/** "IE" → "Ireland" (in `locale`); any other text (an address stored before codes) as it is. */
export function countryName(country: string, locale = 'en'): string {
  if (!CODE.test(country)) return country;
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/**
 * The countries a shop delivers to: its own list, or, from a platform that names none, the
 * region of its locale (en-IE → IE); none when neither says.
 */
export function deliveryCountriesOf(
  tenant: { deliveryCountries?: string[]; locale?: string } | undefined,
): string[] {
  if (tenant?.deliveryCountries?.length) return tenant.deliveryCountries;
  try {
    const region = tenant?.locale ? new Intl.Locale(tenant.locale).region : undefined;
    return region && CODE.test(region) ? [region] : [];
  } catch {
    return [];
  }
}

/** Why a shop delivering to `countries` cannot deliver to `country`, or null (no list: no rule). */
export function notDeliveredTo(country: string, countries: readonly string[], locale = 'en') {
  if (countries.length === 0 || countries.includes(country)) return null;
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    countries.map((code) => countryName(code, locale)),
  );
  return `We deliver to ${names} only`;
}
