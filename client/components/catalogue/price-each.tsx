import type { Pack } from '../../../shared/unit-price';
import { useMoney } from '../../lib/money';
import { UnitPrice } from './unit-price';

// The price of one item or one case of a line (a table's "Price each" column), and under it the
// price per kg or litre when the pack is known (ADR 0214). "Unit price" is not said: in the EU it
// means the price per kg or litre, which a shopper would take the item's price for. "per case",
// not "/ case": a screen reader says the slash, and the price per kg beside it says "per" too
// (docs/decisions/0356).
export function PriceEach(props: {
  cents: number;
  byCase: boolean;
  /** Items in a case; without it a case line gets no price per kg. */
  caseSize: number | undefined;
  pack: Pack | null | undefined;
  currency: string;
}) {
  const money = useMoney();
  const { cents, byCase, currency } = props;
  const count = byCase ? props.caseSize : 1;
  return (
    <>
      {money(cents, currency)}
      {byCase ? <span className="per"> per case</span> : null}
      {props.pack && count ? (
        <>
          <br />
          <span className="per">
            <UnitPrice cents={cents} pack={props.pack} count={count} currency={currency} />
          </span>
        </>
      ) : null}
    </>
  );
}
