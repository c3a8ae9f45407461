import { OrderDetailPage } from '../components/orders/order-detail-page';
import type { Route } from '../routes/+types/order-detail';
import { useSearchParams } from 'react-router';
import { orderParams } from '../analytics/items';
import { useTrack } from '../analytics/track';

export default function OrderDetailScreen({ loaderData, actionData }: Route.ComponentProps) {
  // The order confirmation: the page the checkout sends to, once (?done=placed).
  const placed = useSearchParams()[0].get('done') === 'placed';
  const { order } = loaderData;
  useTrack('purchase', placed ? order.id : null, () => orderParams(order, order.number));
  return <OrderDetailPage detail={loaderData} result={actionData} />;
}
