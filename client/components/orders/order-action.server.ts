import { data, redirect, type AppLoadContext } from 'react-router';
import { bookingPaths, type Booking } from '../../../shared/contracts/booking';
import { orderPaths, type OrderDetail } from '../../../shared/contracts/orders';
import { href } from '../../../shared/href';
import {
  ChangeSlotForm,
  OrderIntent,
  ReorderForm,
  parseLines,
  type OrderActionResult,
} from './order-forms';
import { askPlatform, nothingThere, type PlatformFailure } from '../../lib/platform-answer.server';
import { formFields } from '../forms/form-fields';
import { orderKeyHeaders } from '../forms/place-order-forms';

// The order page's one action. Changes and cancelling are the platform's to allow (until the
// cut-off): its refusal (409) is shown beside the form that asked. Reorder copies the order into
// the cart on the server (specification call 7), so it works without JavaScript too; with the
// form's key, so that the same submission sent again adds nothing (docs/decisions/0328).
const refused = (
  intent: OrderIntent,
  fieldErrors: Record<string, string>,
  formError?: string,
  status = 400,
) => data<OrderActionResult>({ intent, fieldErrors, formError }, { status });

function refusedByPlatform(intent: OrderIntent, failure: PlatformFailure) {
  if (nothingThere(failure.status)) throw data(null, { status: 404 });
  if (failure.status >= 500) throw data({ message: failure.message }, { status: 502 });
  return refused(intent, {}, failure.message, failure.status === 409 ? 409 : 400);
}

export async function orderAction(context: AppLoadContext, orderId: string, form: FormData) {
  const intent = OrderIntent.safeParse(form.get('intent'));
  if (!intent.success) throw data({ message: 'Unknown order action' }, { status: 400 });
  const backToOrder = (notice: string) =>
    redirect(href('order-detail', { orderId }, { done: notice }));

  switch (intent.data) {
    case 'change-lines': {
      const parsed = parseLines(form);
      if ('fieldErrors' in parsed) return refused('change-lines', parsed.fieldErrors);
      const changed = await askPlatform<OrderDetail>(context.platform, {
        method: 'PUT',
        path: orderPaths.order(orderId),
        body: { lines: parsed.lines },
      });
      return changed.ok ? backToOrder('items') : refusedByPlatform('change-lines', changed);
    }
    case 'change-slot': {
      const parsed = ChangeSlotForm.safeParse({ slotId: form.get('slotId') ?? undefined });
      if (!parsed.success)
        return refused('change-slot', { slotId: parsed.error.issues[0]!.message });
      const changed = await askPlatform<OrderDetail>(context.platform, {
        method: 'PUT',
        path: orderPaths.order(orderId),
        body: parsed.data,
      });
      return changed.ok ? backToOrder('slot') : refusedByPlatform('change-slot', changed);
    }
    case 'cancel': {
      const cancelled = await askPlatform<OrderDetail>(context.platform, {
        method: 'POST',
        path: orderPaths.cancel(orderId),
      });
      return cancelled.ok ? backToOrder('cancelled') : refusedByPlatform('cancel', cancelled);
    }
    case 'reorder': {
      const parsed = ReorderForm.safeParse({ override: form.get('override') ?? undefined });
      if (!parsed.success) return refused('reorder', { override: parsed.error.issues[0]!.message });
      const query = new URLSearchParams({ bookingId: orderId, override: parsed.data.override });
      const copied = await askPlatform<Booking>(context.platform, {
        path: `${bookingPaths.copyBookingToCart}?${query}`,
        headers: orderKeyHeaders(formFields(form)),
      });
      if (!copied.ok) return refusedByPlatform('reorder', copied);
      return redirect(
        href('checkout', {}, { reordered: parsed.data.override === 'true' ? 'replaced' : 'added' }),
      );
    }
  }
}
