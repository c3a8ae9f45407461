import { countryName, deliveryCountriesOf } from '../../../shared/delivery-countries';
import { useShopTenant } from '../../lib/money';
import { FieldError, errorProps } from './field-error';

// The country of a delivery address: a choice among the shop's delivery countries (ADR 0340),
// its own first and chosen unless the address says otherwise. An address stored with another
// country (or, before codes, as text) keeps it as a choice: the form shows what is stored, and the
// platform says where the shop delivers when it is saved.
type Props = { form: string; name: string; label: string; value?: string; error?: string };

export function CountryField({ form, name, label, value, error }: Props) {
  const tenant = useShopTenant();
  const countries = deliveryCountriesOf(tenant);
  const choices = value && !countries.includes(value) ? [...countries, value] : countries;
  const id = `${form}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        autoComplete="country"
        required
        defaultValue={value || countries[0]}
        {...errorProps(`${id}-error`, error)}
      >
        {choices.map((code) => (
          <option key={code} value={code}>
            {countryName(code, tenant?.locale)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
