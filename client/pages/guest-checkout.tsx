import { GuestCheckoutPage } from '../components/guest-checkout/guest-checkout-page';
import type { Route } from '../routes/+types/guest-checkout';

export default function GuestCheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  return <GuestCheckoutPage data={loaderData} result={actionData} />;
}
