import { data, redirect, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import {
  orderPaths,
  TOTAL_CHANGED,
  type OrderDetail,
  type OrderQuote,
} from '../../../shared/contracts/orders';
import { href } from '../../../shared/href';
import { askPlatform, type PlatformFailure } from '../../lib/platform-answer.server';
import { fieldErrorsOf, formFields, type FieldErrors } from '../forms/form-fields';
import { addOrderChoice, ORDER_REFUSAL_FIELDS, refusalOf } from '../forms/order-steps.server';
import {
  PlaceOrderForm,
  orderKeyHeaders,
  shownTotalOf,
  totalChangeOf,
} from '../forms/place-order-forms';
import type { FormFields } from '../forms/form-fields';
import { CheckoutIntent, type CheckoutActionResult } from './checkout-forms';
import { isCartRefusal } from './slot-quote.server';

// The checkout's one action: place the order, add an address, add a card. Mistakes come back as a
// 400 with a message per field; the card number goes to the platform and nowhere else (never
// logged, never returned: a failed card form is shown again empty).
const refused = (
  intent: CheckoutIntent,
  fieldErrors: FieldErrors,
  formError?: string,
  status = 400,
  values?: FormFields,
) => data<CheckoutActionResult>({ intent, fieldErrors, formError, values }, { status });

function refusedByPlatform(
  intent: CheckoutIntent,
  failure: PlatformFailure,
  fields: Record<string, RegExp>,
  values?: FormFields,
) {
  const { fieldErrors, formError, status } = refusalOf(failure, fields);
  return refused(intent, fieldErrors, formError, status, values);
}

/** Back to the checkout keeping the shopper's other choices, with the new address or card chosen. */
function backToCheckout(pageUrl: URL, choice: string, id: string) {
  const search = new URLSearchParams(pageUrl.search);
  search.set(choice, id);
  return redirect(`${href('checkout')}?${search}`);
}

/**
 * The order refused for its total (ADR 0319): the checkout again, with the choices posted (in the
 * URL, so that its totals are the posted slot's, with JavaScript as without) and the notice, which
 * names the cart or, when the cart still costs the subtotal shown, the delivery fee (ADR 0326: the
 * posted slot quoted once more, on this refusal only).
 */
async function totalChanged(
  context: AppLoadContext,
  pageUrl: URL,
  order: z.output<typeof PlaceOrderForm>,
  fields: FormFields,
) {
  const now = await askPlatform<OrderQuote>(context.platform, {
    method: 'POST',
    path: orderPaths.quote,
    body: { slotId: order.slotId },
  });
  const search = new URLSearchParams(pageUrl.search);
  for (const name of ['addressId', 'slotId', 'paymentMethodId', 'notes'] as const)
    search.set(name, order[name]);
  search.delete('reordered');
  search.set('changed', totalChangeOf(fields, now.ok ? now.body : undefined).code);
  return redirect(`${href('checkout')}?${search}`);
}

export async function checkoutAction(context: AppLoadContext, form: FormData, pageUrl: URL) {
  const fields = formFields(form);
  const intent = CheckoutIntent.safeParse(fields.intent);
  if (!intent.success) throw data({ message: 'Unknown checkout action' }, { status: 400 });

  switch (intent.data) {
    case 'place-order': {
      const order = PlaceOrderForm.safeParse(fields);
      if (!order.success) return refused('place-order', fieldErrorsOf(order.error));
      const placed = await askPlatform<OrderDetail>(context.platform, {
        method: 'POST',
        path: orderPaths.orders,
        body: { ...order.data, expectedTotal: shownTotalOf(fields) },
        headers: orderKeyHeaders(fields),
      });
      if (!placed.ok && placed.code === TOTAL_CHANGED)
        return totalChanged(context, pageUrl, order.data, fields);
      // A cart that cannot be ordered as it stands (ADR 0314): the checkout, loaded again, says
      // why and what to do in its page, with JavaScript as without; no field is to blame.
      if (!placed.ok && isCartRefusal(placed.code))
        return redirect(`${href('checkout')}${pageUrl.search}`);
      if (!placed.ok) return refusedByPlatform('place-order', placed, ORDER_REFUSAL_FIELDS);
      return redirect(href('order-detail', { orderId: placed.body.id }, { done: 'placed' }));
    }
    case 'add-address':
    case 'add-card': {
      const added = await addOrderChoice(context, intent.data, fields);
      if (added.kind === 'invalid')
        return refused(intent.data, added.fieldErrors, undefined, 400, added.values);
      if (added.kind === 'refused')
        return refusedByPlatform(intent.data, added.failure, added.fields, added.values);
      return backToCheckout(pageUrl, added.choice, added.id);
    }
  }
}
