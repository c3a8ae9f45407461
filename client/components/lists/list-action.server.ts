import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { listPaths, type ShoppingList } from '../../../shared/contracts/lists';
import { href } from '../../../shared/href';
import { askPlatform, nothingThere, type PlatformFailure } from '../../lib/platform-answer.server';
import { formFields } from '../forms/form-fields';
import { intentForms } from '../forms/intent-forms';
import { quantityField } from '../forms/quantity-field';
import { FillKeyField, orderKeyHeaders } from '../forms/place-order-forms';
import { AddItemForm, addItemAction } from './add-item-action.server';
import { fillCart } from './fill-cart.server';
import type { ListActionResult, ListIntent } from './list-result';

// The shopping lists screen's one action: create, rename and delete a list, change an item's
// quantity or remove it. Each form names its intent; success redirects back to the list.
const Id = z.string().trim().min(1).max(100);
const Name = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(100, 'At most 100 characters');
const Quantity = quantityField(1);

/** The screen's forms, by intent; the action checks each field with these very schemas. */
export const ListForms = intentForms({
  'create-list': z.object({ name: Name }),
  'rename-list': z.object({ listId: Id, name: Name }),
  'delete-list': z.object({ listId: Id }),
  'change-quantity': z.object({ listId: Id, itemId: Id, quantity: Quantity }),
  'remove-item': z.object({ listId: Id, itemId: Id }),
  'add-item': AddItemForm,
  'to-cart': z.object({
    listId: Id,
    itemId: z.string().optional().describe('One item; absent: the whole list'),
    ...FillKeyField.shape,
  }),
});
const Intent = ListForms.intent;

const refused = (
  intent: ListIntent,
  fieldErrors: Record<string, string>,
  formError?: string,
  status = 400,
  itemId?: string,
) => data<ListActionResult>({ intent, fieldErrors, formError, itemId }, { status });

function refusedByPlatform(intent: ListIntent, failure: PlatformFailure, itemId?: string) {
  if (nothingThere(failure.status)) throw data(null, { status: 404 });
  if (failure.status >= 500) throw data({ message: failure.message }, { status: 502 });
  return refused(intent, {}, failure.message, failure.status === 409 ? 409 : 400, itemId);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

export async function listAction(context: AppLoadContext, form: FormData) {
  const intent = Intent.safeParse(form.get('intent'));
  if (!intent.success) throw data({ message: 'Unknown shopping list action' }, { status: 400 });
  const back = (done: string, listId?: string) =>
    redirect(href('shopping-lists', {}, { list: listId, done }));

  if (intent.data === 'add-item') return addItemAction(context, form);

  if (intent.data === 'create-list') {
    const name = Name.safeParse(text(form, 'name'));
    if (!name.success) return refused('create-list', { name: name.error.issues[0]!.message });
    const created = await askPlatform<ShoppingList>(context.platform, {
      method: 'POST',
      path: listPaths.lists,
      body: { name: name.data },
    });
    return created.ok
      ? back('created', created.body.id)
      : refusedByPlatform('create-list', created);
  }

  const listId = Id.safeParse(text(form, 'listId'));
  if (!listId.success) throw data({ message: 'Which list?' }, { status: 400 });
  switch (intent.data) {
    case 'to-cart': {
      // One item (itemId) or the whole list into the cart; the page names what was not added.
      const itemId = text(form, 'itemId');
      const query = await fillCart(
        context,
        listPaths.toCart(listId.data),
        itemId ? { itemIds: [itemId] } : {},
        orderKeyHeaders(formFields(form)),
      );
      query.set('list', listId.data);
      return redirect(`${href('shopping-lists')}?${query}`);
    }
    case 'rename-list': {
      const name = Name.safeParse(text(form, 'name'));
      if (!name.success) return refused('rename-list', { name: name.error.issues[0]!.message });
      const renamed = await askPlatform<ShoppingList>(context.platform, {
        method: 'PUT',
        path: listPaths.list(listId.data),
        body: { name: name.data },
      });
      return renamed.ok ? back('renamed', listId.data) : refusedByPlatform('rename-list', renamed);
    }
    case 'delete-list': {
      const deleted = await askPlatform<null>(context.platform, {
        method: 'DELETE',
        path: listPaths.list(listId.data),
      });
      return deleted.ok ? back('deleted') : refusedByPlatform('delete-list', deleted);
    }
    case 'change-quantity':
    case 'remove-item': {
      const itemId = Id.safeParse(text(form, 'itemId'));
      if (!itemId.success) throw data({ message: 'Which item?' }, { status: 400 });
      const path = listPaths.item(listId.data, itemId.data);
      if (intent.data === 'remove-item') {
        const removed = await askPlatform<ShoppingList>(context.platform, {
          method: 'DELETE',
          path,
        });
        return removed.ok
          ? back('removed', listId.data)
          : refusedByPlatform('remove-item', removed, itemId.data);
      }
      const quantity = Quantity.safeParse(text(form, 'quantity'));
      if (!quantity.success)
        return refused(
          'change-quantity',
          { quantity: quantity.error.issues[0]!.message },
          undefined,
          400,
          itemId.data,
        );
      const changed = await askPlatform<ShoppingList>(context.platform, {
        method: 'PUT',
        path,
        body: { quantity: quantity.data },
      });
      return changed.ok
        ? back('quantity', listId.data)
        : refusedByPlatform('change-quantity', changed, itemId.data);
    }
  }
}
