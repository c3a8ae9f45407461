import { data, redirect, type AppLoadContext } from 'react-router';
import { orderPaths, type OrderDetail } from '../../../shared/contracts/orders';
import {
  profilePaths,
  type DeliveryAddress,
  type PaymentMethod,
} from '../../../shared/contracts/profile';
import { href } from '../../../shared/href';
import { askPlatform, type PlatformFailure } from '../../lib/platform-answer.server';
import { fieldErrorsOf, formFields, type FieldErrors } from '../forms/form-fields';
import {
  PlaceOrderForm,
  orderKeyHeaders,
  parseAddress,
  parseCard,
} from '../forms/place-order-forms';
import { CheckoutIntent, type CheckoutActionResult } from './checkout-forms';

// The checkout's one action: place the order, add an address, add a card. Mistakes come back as a
// 400 with a message per field; the card number goes to the platform and nowhere else (never
// logged, never returned: a failed card form is shown again empty).
const refused = (
  intent: CheckoutIntent,
  fieldErrors: FieldErrors,
  formError?: string,
  status = 400,
) => data<CheckoutActionResult>({ intent, fieldErrors, formError }, { status });

/** Which field a platform refusal is about, from its message ("Unknown delivery slot: ..."). */
function fieldOfMessage(message: string, fields: Record<string, RegExp>): string | null {
  for (const [field, pattern] of Object.entries(fields)) if (pattern.test(message)) return field;
  return null;
}

function refusedByPlatform(
  intent: CheckoutIntent,
  failure: PlatformFailure,
  fields: Record<string, RegExp>,
) {
  if (failure.status >= 500) throw data({ message: failure.message }, { status: 502 });
  const field = fieldOfMessage(failure.message, fields);
  const status = failure.status === 409 ? 409 : 400;
  return field
    ? refused(intent, { [field]: failure.message }, undefined, status)
    : refused(intent, {}, failure.message, status);
}

/** Back to the checkout keeping the shopper's other choices, with the new address or card chosen. */
function backToCheckout(pageUrl: URL, choice: string, id: string) {
  const search = new URLSearchParams(pageUrl.search);
  search.set(choice, id);
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
        body: order.data,
        headers: orderKeyHeaders(fields),
      });
      if (!placed.ok) {
        return refusedByPlatform('place-order', placed, {
          slotId: /slot/i,
          addressId: /address/i,
          paymentMethodId: /card|payment/i,
          notes: /notes/i,
        });
      }
      return redirect(href('order-detail', { orderId: placed.body.id }, { done: 'placed' }));
    }
    case 'add-address': {
      const address = parseAddress(fields);
      if (!address.success) return refused('add-address', fieldErrorsOf(address.error));
      const added = await askPlatform<DeliveryAddress>(context.platform, {
        method: 'POST',
        path: profilePaths.addresses,
        body: address.data,
      });
      if (!added.ok) return refusedByPlatform('add-address', added, {});
      return backToCheckout(pageUrl, 'addressId', added.body.id);
    }
    case 'add-card': {
      const card = parseCard(fields);
      if (!card.success) return refused('add-card', fieldErrorsOf(card.error));
      const added = await askPlatform<PaymentMethod>(context.platform, {
        method: 'POST',
        path: profilePaths.paymentMethods,
        body: card.data,
      });
      if (!added.ok)
        return refusedByPlatform('add-card', added, {
          cardNumber: /card number/i,
          expiryYear: /expired/i,
        });
      return backToCheckout(pageUrl, 'paymentMethodId', added.body.id);
    }
  }
}
