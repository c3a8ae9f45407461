import { CheckoutPage } from '../components/checkout/checkout-page';
import type { Route } from '../routes/+types/checkout';
import { orderParams } from '../analytics/items';
import { useTrack } from '../analytics/track';

export default function CheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  useTrack('begin_checkout', loaderData.orderKey, () => orderParams(loaderData.quote));
  return <CheckoutPage checkout={loaderData} result={actionData} />;
}
