import { SmartCartPage } from '../components/smart-carts/smart-cart-page';
import type { Route } from '../routes/+types/smart-cart';

export default function SmartCartScreen({ loaderData, actionData }: Route.ComponentProps) {
  return <SmartCartPage detail={loaderData} result={actionData} />;
}
