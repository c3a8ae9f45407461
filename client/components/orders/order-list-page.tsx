import { appLink } from '../../lib/app-links';
import { href } from '../../../shared/href';
import { useMoney } from '../../lib/money';
import type { OrderListData } from './order-data.server';
import { OrderPreview } from './order-preview';
import { OrderStatusBadge } from './order-status';
import { SlotLabel } from './slot-label';

// The shopper's orders, newest first, ten a page; pages are plain links (?page=). In-app links
// are plain anchors the layout's click handler navigates with (client/lib/app-links.ts).
export function OrderListPage({ list }: { list: OrderListData }) {
  const money = useMoney();
  return (
    <section className="orders" aria-labelledby="orders-title">
      <h1 id="orders-title">Your orders</h1>
      {list.total === 0 ? (
        <p>
          You have not placed an order yet.{' '}
          <a href={href('home')} {...appLink}>
            Start shopping
          </a>
        </p>
      ) : (
        <ol className="order-rows">
          {list.orders.map((order) => (
            <li key={order.id} className="order-row">
              <a
                href={href('order-detail', { orderId: order.id })}
                {...appLink}
                className="order-link"
              >
                Order {order.number}
              </a>
              <OrderStatusBadge status={order.status} />
              <OrderPreview lines={order.preview} lineCount={order.lineCount} />
              {/* "Ordered", not "Placed": the status beside it may say that (ADR 0356). */}
              <span className="order-meta">Ordered {order.placedOn}</span>
              <span className="order-meta">
                Delivery <SlotLabel label={order.slot} />
              </span>
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
        <a href={link(page - 1)} {...appLink} rel="prev">
          Newer orders
        </a>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <a href={link(page + 1)} {...appLink} rel="next">
          Older orders
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
