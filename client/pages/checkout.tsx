import { CartTooLarge } from '../components/checkout/cart-too-large';
import { CheckoutPage } from '../components/checkout/checkout-page';
import type { Route } from '../routes/+types/checkout';
import { orderParams } from '../analytics/items';
import { useTrack } from '../analytics/track';

export default function CheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  const checkout = 'tooLarge' in loaderData ? null : loaderData;
  // A cart too large to order begins no checkout.
  useTrack('begin_checkout', checkout?.orderKey ?? null, () => orderParams(checkout!.quote));
  if ('tooLarge' in loaderData) return <CartTooLarge message={loaderData.tooLarge} />;
  return <CheckoutPage checkout={loaderData} result={actionData} />;
}
