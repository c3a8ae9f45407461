import { orderParams } from '../analytics/items';
import { useTrack } from '../analytics/track';
import { GuestCheckoutPage } from '../components/guest-checkout/guest-checkout-page';
import type { Route } from '../routes/+types/guest-checkout';

export default function GuestCheckoutScreen({ loaderData, actionData }: Route.ComponentProps) {
  // Measured only after consent (ADR 0267): the form shown (once per visit of the page, as the
  // signed-in checkout counts it), then the order placed.
  const data = loaderData;
  const quote = data.state === 'form' ? data.quote : null;
  useTrack('begin_checkout', quote?.lines.length ? 'visit' : null, () => orderParams(quote!));
  useTrack('purchase', data.state === 'placed' ? data.order.id : null, () =>
    data.state === 'placed' ? orderParams(data.order, data.order.number) : {},
  );
  return <GuestCheckoutPage data={data} result={actionData} />;
}
