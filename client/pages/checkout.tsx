import { CartRefused } from '../components/checkout/cart-refused';
import { CheckoutPage } from '../components/checkout/checkout-page';
import type { Route } from '../routes/+types/checkout';
import { useCheckoutStart } from '../analytics/checkout-start';

export default function CheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  const checkout = 'refused' in loaderData ? null : loaderData;
  // A cart that cannot be ordered begins no checkout.
  useCheckoutStart(checkout?.quote ?? null);
  if ('refused' in loaderData) return <CartRefused refusal={loaderData.refused} title="Checkout" />;
  return <CheckoutPage checkout={loaderData} result={actionData} />;
}
