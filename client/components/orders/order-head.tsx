import { Link } from 'react-router';
import type { OrderStatus } from '../../../shared/contracts/orders';
import { OrderStatusBadge } from './order-status';

// The top of an order screen (order detail, smart cart order): the way back, the order's short
// number (docs/decisions/0165),
// status and date, and the notice of what just happened.
export function OrderHead(props: {
  back: { to: string; label: string };
  order: { number: string; status: OrderStatus };
  placedOn: string;
  notice?: string | null;
}) {
  return (
    <>
      <p className="back">
        <Link to={props.back.to}>{props.back.label}</Link>
      </p>
      <header className="order-head">
        <h1 id="order-title">Order {props.order.number}</h1>
        <OrderStatusBadge status={props.order.status} />
        <p className="order-meta">Placed {props.placedOn}</p>
      </header>
      {props.notice ? (
        <p className="notice" role="status">
          {props.notice}
        </p>
      ) : null}
    </>
  );
}
