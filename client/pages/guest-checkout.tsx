import { orderParams } from '../analytics/items';
import { useTrack } from '../analytics/track';
import { useCheckoutStart } from '../analytics/checkout-start';
import { GuestCheckoutPage } from '../components/guest-checkout/guest-checkout-page';
import type { Route } from '../routes/+types/guest-checkout';

export default function GuestCheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  // Measured only after consent (ADR 0267): the form shown, then the order placed.
  const data = loaderData;
  useCheckoutStart(data.state === 'form' ? data.quote : null);
  useTrack('purchase', data.state === 'placed' ? data.order.id : null, () =>
    data.state === 'placed' ? orderParams(data.order, data.order.number) : {},
  );
  return <GuestCheckoutPage data={data} result={actionData} />;
}
