import { Link, useSearchParams } from 'react-router';
import { href } from '../../../shared/href';
import { unitsOf, useCounts } from '../../lib/counted';
import { LineTable } from '../checkout/cart-review';
import { TotalsList } from '../checkout/checkout-totals';
import { OrderFacts } from '../orders/order-facts';
import { OrderHead } from '../orders/order-head';
import type { SmartCartOrderData } from './smart-cart-data.server';
import { SMART_CART_NOTICES } from './smart-cart-result';

// An order placed from a smart cart: lines, totals, slot, status, and the way back to the cart.
export function SmartCartOrderPage({
  detail,
  smartCartId,
}: {
  detail: SmartCartOrderData;
  smartCartId: string;
}) {
  const { order } = detail;
  const [search] = useSearchParams();
  const counts = useCounts();
  const notice = SMART_CART_NOTICES[search.get('done') === 'placed' ? 'placed' : ''];
  return (
    <article className="order-detail" aria-labelledby="order-title">
      <OrderHead
        back={{ to: href('smart-cart', { id: smartCartId }), label: '← Back to the smart cart' }}
        order={order}
        placedOn={detail.placedOn}
        notice={notice}
      />
      <div className="order-columns">
        <section className="order-panel" aria-labelledby="items-title">
          <h2 id="items-title">Items</h2>
          <LineTable
            lines={order.lines}
            currency={order.currency}
            caption={counts.content(order.lines.length, unitsOf(order.lines))}
          />
          <TotalsList totals={order} />
        </section>
        <section className="order-panel" aria-labelledby="delivery-title">
          <h2 id="delivery-title">Delivery and payment</h2>
          <OrderFacts order={order} slot={detail.slot} />
          <p>
            <Link to={href('order-detail', { orderId: order.id })}>
              Change or cancel this order
            </Link>
          </p>
        </section>
      </div>
    </article>
  );
}
