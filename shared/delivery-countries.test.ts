import { describe, expect, it } from 'vitest';
import { countryName, deliveryCountriesOf, notDeliveredTo } from './delivery-countries';

describe('delivery countries', () => {
  it("names a country by its code in the shop's language; other text as it is", () => {
    expect(countryName('IE', 'en-IE')).toBe('Ireland');
    expect(countryName('GB', 'en-GB')).toBe('United Kingdom');
    expect(countryName('Eire')).toBe('Eire');
  });

  it("are the shop's own, else its locale's region, else none", () => {
    expect(deliveryCountriesOf({ deliveryCountries: ['GB', 'IE'], locale: 'en-IE' })).toEqual([
      'GB',
      'IE',
    ]);
    expect(deliveryCountriesOf({ locale: 'en-IE' })).toEqual(['IE']);
    expect(deliveryCountriesOf({ deliveryCountries: [], locale: 'en-GB' })).toEqual(['GB']);
    expect(deliveryCountriesOf({ locale: 'en' })).toEqual([]);
    expect(deliveryCountriesOf(undefined)).toEqual([]);
  });

  it('refuse a country outside the list, naming the ones served; no list refuses none', () => {
    expect(notDeliveredTo('IE', ['IE'])).toBeNull();
    expect(notDeliveredTo('GB', ['IE'])).toBe('We deliver to Ireland only');
    expect(notDeliveredTo('FR', ['IE', 'GB'], 'en-GB')).toBe(
      'We deliver to Ireland and United Kingdom only',
    );
    expect(notDeliveredTo('FR', [])).toBeNull();
  });
});
