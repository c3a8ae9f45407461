import { useLocation } from 'react-router';
import { formatMoney } from '../../cart/money';
import { useQuantity, useQuantityMessage } from '../../cart/use-cart';
import { usePageContext } from '../../lib/page-context';
import { QuantityRow, type QuantityOffering } from './quantity-row';
import './cart.css';

export type { QuantityOffering };

// Quantity controls of one offering, for singles and for cases, reading the cart's quantity map.
export function QuantityControls(props: {
  offering: QuantityOffering;
  productName: string;
  returnTo?: string;
}) {
  const { offering, productName } = props;
  const quantity = useQuantity(offering.id);
  const message = useQuantityMessage(offering.id);
  const location = useLocation();
  const tenant = usePageContext()?.tenant;
  const returnTo = props.returnTo ?? `${location.pathname}${location.search}`;
  const money = (cents: number) => formatMoney(cents, tenant?.currency, tenant?.locale);
  const rows: { kind: 'single' | 'case'; label: string; price: string }[] = [
    { kind: 'single', label: 'singles', price: `${money(offering.priceSingleCents)} each` },
    {
      kind: 'case',
      label: 'cases',
      price: `${money(offering.priceCaseCents)} per case of ${offering.caseSize}`,
    },
  ];
  return (
    <div className="quantity-controls">
      {rows.map((row) => (
        <QuantityRow
          key={row.kind}
          offering={offering}
          kind={row.kind}
          name={`${productName} (${row.label})`}
          price={row.price}
          count={quantity[row.kind]}
          returnTo={returnTo}
        />
      ))}
      {!offering.available && <p className="quantity-note">Currently unavailable</p>}
      {message && (
        <p className="quantity-message" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
