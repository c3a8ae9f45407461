import { OrderListPage } from '../components/orders/order-list-page';
import type { Route } from '../routes/+types/order-list';

export default function OrderListScreen({ loaderData }: Route.ComponentProps) {
  return <OrderListPage list={loaderData} />;
}
