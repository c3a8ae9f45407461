import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import {
  smartCartPaths,
  type SmartCart,
  type SmartCartItemInput,
} from '../../../shared/contracts/lists';
import { TOTAL_CHANGED, type OrderDetail } from '../../../shared/contracts/orders';
import { href } from '../../../shared/href';
import { fieldErrorsOf, formFields } from '../forms/form-fields';
import { intentForms } from '../forms/intent-forms';
import { linesForm } from '../forms/lines-form';
import { addOrderChoice, ORDER_REFUSAL_FIELDS, refusalOf } from '../forms/order-steps.server';
import {
  AddressForm,
  CardForm,
  PlaceOrderForm,
  FillKeyField,
  PlaceOrderPost,
  ShownTotalField,
  orderKeyHeaders,
  shownTotalOf,
} from '../forms/place-order-forms';
import { askPlatform, nothingThere, type PlatformFailure } from '../../lib/platform-answer.server';
import { fillCart } from '../lists/fill-cart.server';
import type { SmartCartActionResult, SmartCartIntent } from './smart-cart-result';
import { smartCartTotalChanged } from './smart-cart-total-changed.server';

// The smart cart screens' actions: the overview creates and deletes smart carts; one smart cart
// changes its items and is ordered (adding an address or a card on the way, as at the checkout).
const refused = (
  intent: SmartCartIntent,
  fieldErrors: Record<string, string>,
  formError?: string,
  status = 400,
  values?: Record<string, string>,
) => data<SmartCartActionResult>({ intent, fieldErrors, formError, values }, { status });

/** A refusal shown on its form; a smart cart gone (404) is the page's 404. */
function refusedByPlatform(
  intent: SmartCartIntent,
  failure: PlatformFailure,
  fields: Record<string, RegExp> = {},
  values?: Record<string, string>,
) {
  if (nothingThere(failure.status) && intent !== 'place-order') throw data(null, { status: 404 });
  const { fieldErrors, formError, status } = refusalOf(failure, fields);
  return refused(intent, fieldErrors, formError, status, values);
}

const Name = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(100, 'At most 100 characters');
const Id = z.string().trim().min(1).max(100);
const ItemsForm = linesForm('item');
const Quantity = ItemsForm.shape.quantity.element;

/** The smart carts screen's forms: create one, save the cart as one, delete one. */
export const SmartCartsForms = intentForms({
  'create-cart': z.object({ name: Name }),
  'delete-cart': z.object({ id: Id }),
  'from-cart': z.object({ name: Name }),
});
/**
 * One smart cart's forms: its items, the cart added to it, ordering it (with an address or card
 * added on the way), putting it into the cart.
 */
export const SmartCartForms = intentForms({
  'change-items': ItemsForm,
  'place-order': PlaceOrderPost.extend(ShownTotalField.shape),
  'add-address': AddressForm,
  'add-card': CardForm,
  'to-cart': FillKeyField,
  'add-cart': FillKeyField,
});
const CartsIntent = SmartCartsForms.intent;
const CartIntent = SmartCartForms.intent;

export async function smartCartsAction(context: AppLoadContext, form: FormData) {
  const intent = CartsIntent.safeParse(form.get('intent'));
  if (!intent.success) throw data({ message: 'Unknown smart cart action' }, { status: 400 });
  if (intent.data === 'from-cart') {
    // "Save cart as a smart cart" (issue #29): the cart as it is now, under the name given.
    const name = Name.safeParse(form.get('name') ?? undefined);
    if (!name.success) return refused('from-cart', { name: name.error.issues[0]!.message });
    const saved = await askPlatform<SmartCart>(context.platform, {
      method: 'POST',
      path: smartCartPaths.fromCart,
      body: { name: name.data },
    });
    return saved.ok
      ? redirect(href('smart-cart', { id: saved.body.id }, { done: 'saved' }))
      : refusedByPlatform('from-cart', saved);
  }
  if (intent.data === 'create-cart') {
    const name = Name.safeParse(form.get('name') ?? undefined);
    if (!name.success) return refused('create-cart', { name: name.error.issues[0]!.message });
    const created = await askPlatform<SmartCart>(context.platform, {
      method: 'POST',
      path: smartCartPaths.smartCarts,
      body: { name: name.data, items: [] },
    });
    return created.ok
      ? redirect(href('smart-cart', { id: created.body.id }, { done: 'created' }))
      : refusedByPlatform('create-cart', created);
  }
  const id = Id.safeParse(form.get('id') ?? undefined);
  if (!id.success) throw data({ message: 'Which smart cart?' }, { status: 400 });
  const deleted = await askPlatform<null>(context.platform, {
    method: 'DELETE',
    path: smartCartPaths.smartCart(id.data),
  });
  return deleted.ok
    ? redirect(href('smart-carts', {}, { done: 'deleted' }))
    : refusedByPlatform('delete-cart', deleted);
}

/**
 * The items form repeats offeringId, byCase and quantity per item, in order; "Remove" sends its
 * item's index. Quantity 0 removes an item too; a smart cart may end up empty.
 */
function parseItems(
  form: FormData,
): { items: SmartCartItemInput[] } | { fieldErrors: Record<string, string> } {
  const byCase = form.getAll('byCase').map(String);
  const quantities = form.getAll('quantity').map(String);
  const removed = form.get('remove');
  const fieldErrors: Record<string, string> = {};
  const items: SmartCartItemInput[] = [];
  form
    .getAll('offeringId')
    .map(String)
    .forEach((offeringId, index) => {
      if (removed !== null && String(removed) === String(index)) return;
      const quantity = Quantity.safeParse(quantities[index] ?? '');
      if (!quantity.success) fieldErrors[`quantity-${index}`] = quantity.error.issues[0]!.message;
      else if (quantity.data > 0)
        items.push({ offeringId, quantity: quantity.data, byCase: byCase[index] === 'true' });
    });
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { items };
}

export async function smartCartAction(
  context: AppLoadContext,
  id: string,
  form: FormData,
  pageUrl: URL,
) {
  const fields = formFields(form);
  const intent = CartIntent.safeParse(fields.intent);
  if (!intent.success) throw data({ message: 'Unknown smart cart action' }, { status: 400 });
  const backWith = (choice: string, value: string) => {
    const search = new URLSearchParams(pageUrl.search);
    search.set(choice, value);
    return redirect(`${href('smart-cart', { id })}?${search}`);
  };

  switch (intent.data) {
    case 'to-cart': {
      // "Put these items in my cart" (issue #29); the page names what was not added.
      const query = await fillCart(context, smartCartPaths.toCart(id), {}, orderKeyHeaders(fields));
      return redirect(`${href('smart-cart', { id })}?${query}`);
    }
    case 'add-cart': {
      // "Save my cart’s items here" (ADR 0371); the cart stays as it is.
      const added = await askPlatform<SmartCart>(context.platform, {
        method: 'POST',
        path: smartCartPaths.addCart(id),
        headers: orderKeyHeaders(fields),
      });
      return added.ok
        ? redirect(href('smart-cart', { id }, { done: 'cart-added' }))
        : refusedByPlatform('add-cart', added);
    }
    case 'change-items': {
      const parsed = parseItems(form);
      if ('fieldErrors' in parsed) return refused('change-items', parsed.fieldErrors);
      const changed = await askPlatform<SmartCart>(context.platform, {
        method: 'PUT',
        path: smartCartPaths.smartCart(id),
        body: { items: parsed.items },
      });
      return changed.ok
        ? redirect(href('smart-cart', { id }, { done: 'items' }))
        : refusedByPlatform('change-items', changed);
    }
    case 'place-order': {
      const order = PlaceOrderForm.safeParse(fields);
      if (!order.success) return refused('place-order', fieldErrorsOf(order.error));
      const placed = await askPlatform<OrderDetail>(context.platform, {
        method: 'POST',
        path: smartCartPaths.order(id),
        headers: orderKeyHeaders(fields),
        // At the total the page showed, or not at all (ADR 0330, as the checkout's 0319).
        body: { ...order.data, expectedTotal: shownTotalOf(fields) },
      });
      if (!placed.ok && placed.code === TOTAL_CHANGED)
        return smartCartTotalChanged(context, id, pageUrl, order.data, fields);
      if (placed.ok)
        return redirect(
          href('smart-cart-order', { id, orderId: placed.body.id }, { done: 'placed' }),
        );
      if (placed.status === 404 && /smart cart/i.test(placed.message))
        throw data(null, { status: 404 });
      return refusedByPlatform('place-order', placed, ORDER_REFUSAL_FIELDS);
    }
    case 'add-address':
    case 'add-card': {
      const added = await addOrderChoice(context, intent.data, fields);
      if (added.kind === 'invalid')
        return refused(intent.data, added.fieldErrors, undefined, 400, added.values);
      if (added.kind === 'refused')
        return refusedByPlatform(intent.data, added.failure, added.fields, added.values);
      return backWith(added.choice, added.id);
    }
  }
}
