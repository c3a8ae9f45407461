import { useId } from 'react';
import type { ProductSummary } from '../../../shared/contracts/catalogue';
import type { OrderLine } from '../../../shared/contracts/orders';
import { useCounts, type Counts } from '../../lib/counted';
import { useMoney } from '../../lib/money';
import { PriceEach } from '../catalogue/price-each';

// The lines of the cart (or of an order) as the platform priced them.
export function unitLabel(
  line: Pick<OrderLine, 'quantity' | 'byCase'>,
  { number }: Pick<Counts, 'number'>,
): string {
  if (line.byCase) return line.quantity === 1 ? '1 case' : `${number(line.quantity)} cases`;
  return `${number(line.quantity)} ×`;
}

export function LineTable({
  lines,
  currency,
  caption,
  products,
}: {
  lines: OrderLine[];
  currency: string;
  caption: string;
  /**
   * The cart's products by offering id, for each line's price per kg or litre. An order's lines
   * go without: its record keeps no pack (ADR 0214).
   */
  products?: Readonly<Record<string, ProductSummary>>;
}) {
  const money = useMoney();
  const counts = useCounts();
  const captionId = useId();
  // Its own scroll box on a narrow phone, named and in the tab order: a keyboard scrolls it too
  // (nothing in it takes the focus). ADR 0318.
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="line-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Price each
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const product = products?.[line.offeringId];
            return (
              <tr key={`${line.offeringId}-${line.byCase}`}>
                <th scope="row">{line.productName}</th>
                <td className="num">
                  {line.byCase ? unitLabel(line, counts) : counts.number(line.quantity)}
                </td>
                <td className="num">
                  <PriceEach
                    cents={line.unitPrice}
                    byCase={line.byCase}
                    caseSize={product?.offering.caseSize}
                    pack={product?.pack}
                    currency={currency}
                  />
                </td>
                <td className="num">{money(line.lineTotal, currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
