import { unitPriceOf, type Pack } from '../../../shared/unit-price';
import { useMoney } from '../../lib/money';
import { unitsInWords } from './unit-words';

// The price per kg, litre, 100 g or 100 ml, metre or item (Directive 98/6/EC) of `count` packs
// costing `cents` together: nothing when the pack holds no stated amount. `bare`: no wrapping
// element of its own (a product card counts its elements: perf-notes, ADR 0162).
// Shown short, as a shelf label prints it ("€0.98 per l"); a screen reader, which says "l" as
// the letter, reads the unit in words ("€0.98 per litre"): the short text is hidden from it and
// the words (./unit-words.ts) from the eye (docs/decisions/0341). Every screen's price per kg
// comes from here.
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
  const price = money(unit.cents, currency);
  const shown = `${price} per ${unit.per}`;
  const said = `${price} per ${unitsInWords(unit.per)}`;
  const text =
    said === shown ? (
      shown
    ) : (
      <>
        <span aria-hidden="true">{shown}</span>
        <span className="visually-hidden">{said}</span>
      </>
    );
  return bare ? <>({text})</> : <span className="unit-price">{text}</span>;
}
