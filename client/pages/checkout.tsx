import { CheckoutPage } from '../components/checkout/checkout-page';
import type { Route } from '../routes/+types/checkout';

export default function CheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage checkout={loaderData} result={actionData} />;
}
