import type { Offering } from '../../../shared/contracts/catalogue';
import type { Pack } from '../../../shared/unit-price';
import { useMoney } from '../../lib/money';
import { UnitPrice } from './unit-price';

// The prices, each shown once (issue #9): per single, and per case with its size and the price
// per item in it; each with its price per unit of quantity when the pack says one (issue #29);
// then whether the shop can deliver it. Cards (`compact`) say "Out of stock" only.
export function OfferingPrice({
  offering,
  pack,
  size = 'large',
}: {
  offering: Offering;
  pack?: Pack | null;
  size?: 'compact' | 'large';
}) {
  const money = useMoney();
  const perItemInCase = Math.round(offering.priceCaseCents / Math.max(offering.caseSize, 1));
  const compact = size === 'compact';
  return (
    <div className={`offering-price offering-price--${size}`}>
      <p className="price-single">
        <span className="price-amount">{money(offering.priceSingleCents, offering.currency)}</span>
        {' each '}
        <UnitPrice
          cents={offering.priceSingleCents}
          pack={pack}
          currency={offering.currency}
          bare={compact}
        />
      </p>
      {offering.caseSize > 1 && (
        <p className="price-case">
          {`Case of ${offering.caseSize}: `}
          <span className="price-amount">{money(offering.priceCaseCents, offering.currency)}</span>
          {compact ? '' : ` (${money(perItemInCase, offering.currency)} each) `}
          {compact ? null : (
            <UnitPrice
              cents={offering.priceCaseCents}
              pack={pack}
              count={offering.caseSize}
              currency={offering.currency}
            />
          )}
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
