import { SmartCartOrderPage } from '../components/smart-carts/smart-cart-order-page';
import type { Route } from '../routes/+types/smart-cart-order';

export default function SmartCartOrderScreen({ loaderData }: Route.ComponentProps) {
  return <SmartCartOrderPage detail={loaderData} smartCartId={loaderData.smartCartId} />;
}
