import type { OrderLine } from '../../../shared/contracts/orders';
import { useMoney } from '../../lib/money';

// The lines of the cart (or of an order) as the platform priced them.
export function unitLabel(line: Pick<OrderLine, 'quantity' | 'byCase'>): string {
  if (line.byCase) return line.quantity === 1 ? '1 case' : `${line.quantity} cases`;
  return `${line.quantity} ×`;
}

export function LineTable({
  lines,
  currency,
  caption,
}: {
  lines: OrderLine[];
  currency: string;
  caption: string;
}) {
  const money = useMoney();
  return (
    <table className="line-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="num">
            Quantity
          </th>
          <th scope="col" className="num">
            Unit price
          </th>
          <th scope="col" className="num">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.offeringId}-${line.byCase}`}>
            <th scope="row">{line.productName}</th>
            <td className="num">{line.byCase ? unitLabel(line) : line.quantity}</td>
            <td className="num">
              {money(line.unitPrice, currency)}
              {line.byCase ? <span className="per"> / case</span> : null}
            </td>
            <td className="num">{money(line.lineTotal, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
