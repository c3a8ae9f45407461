import { postcodeProblem } from '../../../shared/contracts/postcode';
import type { DeliveryAddress } from '../../../shared/contracts/profile';
import { notDeliveredTo } from '../../../shared/delivery-countries';

// A stored address saved before the rules of ADR 0340 (a country as text, a postcode of no known
// shape) is still shown, chosen and ordered to: the shop has delivered there. The addresses
// screen asks the shopper to correct it, and saving it (a change, "make default") requires it.

/** What to correct in a stored address for it to be saved again, or null. */
export function storedAddressProblem(
  address: Pick<DeliveryAddress, 'country' | 'postcode'>,
  countries: readonly string[],
  locale?: string,
): string | null {
  if (!/^[A-Z]{2}$/.test(address.country)) return 'Choose its country';
  return (
    notDeliveredTo(address.country, countries, locale) ??
    postcodeProblem(address.country, address.postcode)
  );
}
