import type { Offering } from '../../../shared/contracts/catalogue';
import { useMoney } from '../../lib/money';

// The prices, each shown once (issue #9): per single, and per case with its size and the price
// per item in it; then whether the shop can deliver it. Cards (`compact`) say "Out of stock" only.
export function OfferingPrice({
  offering,
  size = 'large',
}: {
  offering: Offering;
  size?: 'compact' | 'large';
}) {
  const money = useMoney();
  const perItemInCase = Math.round(offering.priceCaseCents / Math.max(offering.caseSize, 1));
  const compact = size === 'compact';
  return (
    <div className={`offering-price offering-price--${size}`}>
      <p className="price-single">
        <span className="price-amount">{money(offering.priceSingleCents, offering.currency)}</span>
        {' each'}
      </p>
      {offering.caseSize > 1 && (
        <p className="price-case">
          {`Case of ${offering.caseSize}: `}
          <span className="price-amount">{money(offering.priceCaseCents, offering.currency)}</span>
          {compact ? '' : ` (${money(perItemInCase, offering.currency)} each)`}
        </p>
      )}
      {(!compact || !offering.available) && (
        <p className={offering.available ? 'availability in-stock' : 'availability out-of-stock'}>
          {offering.available ? 'In stock' : 'Out of stock'}
        </p>
      )}
    </div>
  );
}
