import { CartRefused } from '../components/checkout/cart-refused';
import { CheckoutPage } from '../components/checkout/checkout-page';
import type { Route } from '../routes/+types/checkout';
import { orderParams } from '../analytics/items';
import { useTrack } from '../analytics/track';

export default function CheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  const checkout = 'refused' in loaderData ? null : loaderData;
  // A cart that cannot be ordered begins no checkout.
  useTrack('begin_checkout', checkout?.orderKey ?? null, () => orderParams(checkout!.quote));
  if ('refused' in loaderData) return <CartRefused refusal={loaderData.refused} title="Checkout" />;
  return <CheckoutPage checkout={loaderData} result={actionData} />;
}
