import { unitPriceOf, type Pack } from '../../../shared/grocery';
import { useMoney } from '../../lib/money';

// The price per kg, litre, 100 g or 100 ml, metre or item (Directive 98/6/EC) of `count` packs
// costing `cents` together: nothing when the pack holds no stated amount.
export function UnitPrice({
  cents,
  pack,
  count = 1,
  currency,
}: {
  cents: number;
  pack: Pack | null | undefined;
  count?: number;
  currency?: string;
}) {
  const money = useMoney();
  if (!pack || count < 1) return null;
  const unit = unitPriceOf(cents, pack, count);
  return <span className="unit-price">{`${money(unit.cents, currency)} per ${unit.per}`}</span>;
}
