import type { OrderStatus } from '../../../shared/contracts/orders';

// An order's status in words, with a colour that is never the only signal.
const LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  cancelled: 'Cancelled',
  delivered: 'Delivered',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`order-status order-status-${status}`}>{LABELS[status] ?? status}</span>;
}
