import type { OrderPreviewLine } from '../../../shared/contracts/orders';
import { useCounts } from '../../lib/counted';
import { unitLabel } from '../checkout/cart-review';

// What an order held, at a glance: the first few products with their pictures, then "and N more"
// (issue #9 point 5). The names are the text; the pictures are decoration beside them.
export function OrderPreview({
  lines,
  lineCount,
}: {
  lines: OrderPreviewLine[];
  lineCount: number;
}) {
  const more = lineCount - lines.length;
  const counts = useCounts();
  return (
    <div className="order-preview">
      <ul className="order-preview-lines">
        {lines.map((line, index) => (
          <li key={index}>
            {line.image ? (
              <img src={line.image} alt="" width={40} height={40} loading="lazy" decoding="async" />
            ) : (
              <span className="order-preview-blank" aria-hidden="true" />
            )}
            <span>
              <span className="order-preview-quantity">{unitLabel(line, counts)}</span>{' '}
              {line.productName}
            </span>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <p className="order-preview-more">
          {more === 1 ? 'and 1 more product' : `and ${counts.number(more)} more products`}
        </p>
      ) : null}
    </div>
  );
}
