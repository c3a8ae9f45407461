import { Link } from 'react-router';
import { href } from '../../../shared/href';
import { useMoney } from '../../lib/money';
import type { OrderListData } from './order-data.server';
import { OrderPreview } from './order-preview';
import { OrderStatusBadge } from './order-status';

// The shopper's orders, newest first, ten a page; pages are plain links (?page=).
export function OrderListPage({ list }: { list: OrderListData }) {
  const money = useMoney();
  return (
    <section className="orders" aria-labelledby="orders-title">
      <h1 id="orders-title">Your orders</h1>
      {list.total === 0 ? (
        <p>
          You have not placed an order yet. <Link to={href('home')}>Start shopping</Link>
        </p>
      ) : (
        <ol className="order-rows">
          {list.orders.map((order) => (
            <li key={order.id} className="order-row">
              <Link to={href('order-detail', { orderId: order.id })} className="order-link">
                Order {order.number}
              </Link>
              <OrderStatusBadge status={order.status} />
              <OrderPreview lines={order.preview} lineCount={order.lineCount} />
              <span className="order-meta">Placed {order.placedOn}</span>
              <span className="order-meta">Delivery {order.slot}</span>
              <strong className="order-total">{money(order.total, order.currency)}</strong>
            </li>
          ))}
        </ol>
      )}
      {list.pageCount > 1 ? <Pagination page={list.page} pageCount={list.pageCount} /> : null}
    </section>
  );
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const link = (n: number) => href('order-list', {}, { page: n === 1 ? undefined : n });
  return (
    <nav className="pagination" aria-label="Order pages">
      {page > 1 ? (
        <Link to={link(page - 1)} rel="prev">
          Newer orders
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={link(page + 1)} rel="next">
          Older orders
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
