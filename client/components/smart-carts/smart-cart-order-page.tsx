import { Link, useSearchParams } from 'react-router';
import { href } from '../../../shared/href';
import { LineTable } from '../checkout/cart-review';
import { TotalsList } from '../checkout/checkout-totals';
import { OrderFacts } from '../orders/order-facts';
import { OrderStatusBadge } from '../orders/order-status';
import type { SmartCartOrderData } from './smart-cart-data.server';
import { SMART_CART_NOTICES } from './smart-cart-result';

// An order placed from a smart cart: lines, totals, slot, status, and the way back to the cart.
export function SmartCartOrderPage({ detail, smartCartId }: { detail: SmartCartOrderData; smartCartId: string }) {
  const { order } = detail;
  const [search] = useSearchParams();
  const notice = SMART_CART_NOTICES[search.get('done') === 'placed' ? 'placed' : ''];
  return (
    <article className="order-detail" aria-labelledby="order-title">
      <p className="back"><Link to={href('smart-cart', { id: smartCartId })}>← Back to the smart cart</Link></p>
      <header className="order-head">
        <h1 id="order-title">Order {order.id}</h1>
        <OrderStatusBadge status={order.status} />
        <p className="order-meta">Placed {detail.placedOn}</p>
      </header>
      {notice ? <p className="notice" role="status">{notice}</p> : null}
      <div className="order-columns">
        <section className="order-panel" aria-labelledby="items-title">
          <h2 id="items-title">Items</h2>
          <LineTable lines={order.lines} currency={order.currency} caption={`${order.lines.length} products`} />
          <TotalsList totals={order} />
        </section>
        <section className="order-panel" aria-labelledby="delivery-title">
          <h2 id="delivery-title">Delivery and payment</h2>
          <OrderFacts order={order} slot={detail.slot} />
          <p><Link to={href('order-detail', { orderId: order.id })}>Change or cancel this order</Link></p>
        </section>
      </div>
    </article>
  );
}
