import { OrderDetailPage } from '../components/orders/order-detail-page';
import type { Route } from '../routes/+types/order-detail';

export default function OrderDetailScreen({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDetailPage detail={loaderData} result={actionData} />;
}
