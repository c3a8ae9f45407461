import { useCartRecheck } from '../components/checkout/cart-recheck';
import { CartRefused } from '../components/checkout/cart-refused';
import { CheckoutPage } from '../components/checkout/checkout-page';
import type { Route } from '../routes/+types/checkout';
import { orderParams } from '../analytics/items';
import { useTrack } from '../analytics/track';

export default function CheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  const quote = 'refused' in loaderData ? null : loaderData.quote;
  // Once per visit of the page with its form (ADR 0267), not per load of its data (a slot
  // chosen): the key is the visit's. A cart that cannot be ordered, or an empty one, begins none.
  useTrack('begin_checkout', quote?.lines.length ? 'visit' : null, () => orderParams(quote!));
  // Lines and totals as the cart is now, refused or not, after a change elsewhere (ADR 0319).
  useCartRecheck('refused' in loaderData);
  if ('refused' in loaderData) return <CartRefused refusal={loaderData.refused} title="Checkout" />;
  return <CheckoutPage checkout={loaderData} result={actionData} />;
}
