import { Link } from 'react-router';
import type { DeliveryAddress } from '../../../shared/contracts/profile';
import { countryName, deliveryCountriesOf } from '../../../shared/delivery-countries';
import { href } from '../../../shared/href';
import { useShopTenant } from '../../lib/money';
import { addressLine } from '../checkout/address-choice';
import { storedAddressProblem } from './address-check';
import { AddressForm } from './address-form';
import { FormProblem } from '../forms/form-field';
import { useClosedFocus } from '../forms/opened-focus';
import type { ProfileActionResult } from './profile-result';
import { SavedItemAction, SavedItemName } from './saved-item';
import {
  defaultAfter,
  DeleteLink,
  DeleteQuestion,
  SAVED_ADDRESS,
  useDeleteQuestion,
} from './saved-item-delete';

// The shopper's addresses, the default first. "Change" is a link (?edit=<id>) that opens the
// address's form in place, so editing works without JavaScript; "Delete…" asks first, in place
// (./saved-item-delete.tsx); "make default" is a small form of its own. An address stored before
// the rules of ADR 0340 that breaks them says what to correct (./address-check.ts).
type Props = {
  addresses: DeliveryAddress[];
  editing: string | null;
  result: ProfileActionResult | undefined;
};

export function AddressList({ addresses, editing, result }: Props) {
  const tenant = useShopTenant();
  const countries = deliveryCountriesOf(tenant);
  const open = addresses.find(
    (a) => a.id === editing || (result?.id === a.id && result.intent === 'update-address'),
  );
  // "Cancel" of an address's form gives the focus back to that address's "Change" (ADR 0356).
  useClosedFocus(open?.id ?? null, (closed) =>
    document.querySelector<HTMLElement>(`a[href="${CSS.escape(changeHref(closed))}"]`),
  );
  const { asking, kept } = useDeleteQuestion(SAVED_ADDRESS);
  if (addresses.length === 0) return <p>You have no delivery address yet: add one below.</p>;
  return (
    <ul className="saved-list" aria-label="Your delivery addresses">
      {addresses.map((address) => {
        const mine = result?.id === address.id ? result : undefined;
        if (address.id === editing || mine?.intent === 'update-address') {
          return (
            <li key={address.id} className="saved-item">
              <AddressForm address={address} result={mine} />
            </li>
          );
        }
        const problem = storedAddressProblem(address, countries, tenant?.locale);
        return (
          <li key={address.id} className={address.isDefault ? 'saved-item default' : 'saved-item'}>
            <div>
              <SavedItemName name={address.name} isDefault={address.isDefault} />
              <p>
                {addressLine(address)}, {countryName(address.country, tenant?.locale)}
              </p>
              {problem ? <p className="hint">Please check this address: {problem}.</p> : null}
              {address.phone ? <p className="choice-detail">{address.phone}</p> : null}
              {address.instructions ? (
                <p className="choice-detail">{address.instructions}</p>
              ) : null}
              <FormProblem message={mine?.formError} />
            </div>
            {address.id === asking ? (
              <DeleteQuestion
                kind={SAVED_ADDRESS}
                id={address.id}
                question={`Delete the address ${addressLine(address)}?`}
                consequence={
                  address.isDefault
                    ? defaultAfter('address', otherLine(addresses, address.id))
                    : undefined
                }
              />
            ) : (
              <div className="saved-actions">
                <Link
                  to={changeHref(address.id)}
                  className="button secondary"
                  aria-label={`Change ${address.name}, ${address.line1}`}
                >
                  Change
                </Link>
                {address.isDefault ? null : (
                  <SavedItemAction
                    id={address.id}
                    intent="default-address"
                    label={`Make default: ${address.name}, ${address.line1}`}
                  >
                    Make default
                  </SavedItemAction>
                )}
                <DeleteLink
                  kind={SAVED_ADDRESS}
                  id={address.id}
                  label={`Delete ${address.name}, ${address.line1}`}
                  kept={address.id === kept}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const changeHref = (id: string) => href('delivery-addresses', {}, { edit: id });

/** The address that becomes the default when `id`, the default, goes: the next one listed. */
function otherLine(addresses: DeliveryAddress[], id: string): string | undefined {
  const next = addresses.find((address) => address.id !== id);
  return next ? addressLine(next) : undefined;
}
