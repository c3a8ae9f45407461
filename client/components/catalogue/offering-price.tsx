import type { Offering } from '../../../shared/contracts/catalogue';
import { useMoney } from '../../lib/money';

// Price per single and per case (with the case size), and whether the shop can deliver it.
// On cards (`compact`) only the availability shows: the quantity controls beside it carry both prices.
export function OfferingPrice({
  offering,
  size = 'large',
}: {
  offering: Offering;
  size?: 'compact' | 'large';
}) {
  const money = useMoney();
  const perItemInCase = Math.round(offering.priceCaseCents / Math.max(offering.caseSize, 1));
  const availability = (
    <p className={offering.available ? 'availability in-stock' : 'availability out-of-stock'}>
      {offering.available ? 'In stock' : 'Out of stock'}
    </p>
  );
  if (size === 'compact')
    return <div className="offering-price offering-price--compact">{availability}</div>;
  return (
    <div className={`offering-price offering-price--${size}`}>
      <p className="price-single">
        <span className="price-amount">{money(offering.priceSingleCents, offering.currency)}</span>
        <span className="price-unit"> each</span>
      </p>
      {offering.caseSize > 1 && (
        <p className="price-case">
          {`Case of ${offering.caseSize}: `}
          <span className="price-amount">{money(offering.priceCaseCents, offering.currency)}</span>
          <span className="price-unit">{` (${money(perItemInCase, offering.currency)} each)`}</span>
        </p>
      )}
      {availability}
    </div>
  );
}
