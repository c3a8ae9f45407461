import { SmartCartsPage } from '../components/smart-carts/smart-carts-page';
import type { Route } from '../routes/+types/smart-carts';

export default function SmartCartsScreen({ loaderData, actionData }: Route.ComponentProps) {
  return <SmartCartsPage carts={loaderData.items} result={actionData} />;
}
