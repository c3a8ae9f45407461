import { unitPriceOf, type Pack } from '../../../shared/unit-price';
import { useMoney } from '../../lib/money';

// The price per kg, litre, 100 g or 100 ml, metre or item (Directive 98/6/EC) of `count` packs
// costing `cents` together: nothing when the pack holds no stated amount. `bare`: the text alone,
// no element of its own (a product card counts its elements: perf-notes, ADR 0162).
export function UnitPrice({
  cents,
  pack,
  count = 1,
  currency,
  bare = false,
}: {
  cents: number;
  pack: Pack | null | undefined;
  count?: number;
  currency?: string;
  bare?: boolean;
}) {
  const money = useMoney();
  if (!pack || count < 1) return null;
  const unit = unitPriceOf(cents, pack, count);
  const text = `${money(unit.cents, currency)} per ${unit.per}`;
  return bare ? `(${text})` : <span className="unit-price">{text}</span>;
}
