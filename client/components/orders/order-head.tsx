import { Link } from 'react-router';
import type { OrderStatus } from '../../../shared/contracts/orders';
import { DoneNotice } from '../forms/form-field';
import { OrderStatusBadge } from './order-status';

// The top of an order screen (order detail, smart cart order): the way back, the order's short
// number (docs/decisions/0165), status and date, and the notice of what just happened, which takes
// the focus (docs/decisions/0315: "Place order" on the checkout leads here, its button gone).
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
        <p className="order-meta">Ordered {props.placedOn}</p>
      </header>
      <DoneNotice message={props.notice ?? null} arrival />
    </>
  );
}
