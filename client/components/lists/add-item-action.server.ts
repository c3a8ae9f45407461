import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { listPaths, type ShoppingList } from '../../../shared/contracts/lists';
import { href } from '../../../shared/href';
import { isSafeLocalPath } from '../../../shared/safe-redirect';
import { askPlatform, type PlatformFailure } from '../../lib/platform-answer.server';
import { refusalOf } from '../forms/order-steps.server';
import { NAME_THE_NEW_LIST } from './adding';
import type { ListActionResult } from './list-result';
import { quantityField } from '../forms/quantity-field';

// "Add to list" chosen on the lists screen (issue #29): into one of the shopper's lists, or a new
// one made on the way, with the quantity and unit chosen. Back to the list, which says so and
// offers the way back to where the shopper was.
export const AddItemForm = z.object({
  offeringId: z.string().trim().min(1).max(100),
  listId: z.string({ error: 'Choose a list' }).trim().min(1, 'Choose a list').max(100),
  newName: z.string().trim().max(100, 'At most 100 characters').default(''),
  quantity: quantityField(1),
  unit: z.enum(['single', 'case']).default('single'),
  back: z.string().max(2000).default(''),
});

const refused = (
  fieldErrors: Record<string, string>,
  formError?: string,
  status = 400,
  values?: Record<string, string>,
) => data<ListActionResult>({ intent: 'add-item', fieldErrors, formError, values }, { status });

/** The lists service said no: its message on the form (409 stays 409); its failure is a 502. */
function refusedByPlatform(failure: PlatformFailure, values: Record<string, string>) {
  const { formError, status } = refusalOf(failure);
  return refused({}, formError, status, values);
}

/**
 * The choices of the form, to show them again when it is refused: without JavaScript the page
 * came back with the first list, one single, and a name then typed for the new list went with
 * the product into the first list.
 */
function choicesOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ['listId', 'newName', 'quantity', 'unit']) {
    const value = form.get(name);
    if (typeof value === 'string') values[name] = value.slice(0, 200);
  }
  return values;
}

export async function addItemAction(context: AppLoadContext, form: FormData) {
  const parsed = AddItemForm.safeParse(Object.fromEntries(form));
  const values = choicesOf(form);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    if (fieldErrors.offeringId) throw data({ message: 'Which product?' }, { status: 400 });
    return refused(fieldErrors, undefined, 400, values);
  }
  const input = parsed.data;
  let listId = input.listId;
  if (listId === 'new') {
    if (!input.newName) return refused({ newName: NAME_THE_NEW_LIST }, undefined, 400, values);
    const created = await askPlatform<ShoppingList>(context.platform, {
      method: 'POST',
      path: listPaths.lists,
      body: { name: input.newName },
    });
    if (!created.ok) return refusedByPlatform(created, values);
    listId = created.body.id;
    values.listId = listId; // made: a second try adds to it rather than making another
  }
  const added = await askPlatform<ShoppingList>(context.platform, {
    method: 'POST',
    path: listPaths.items(listId),
    body: { offeringId: input.offeringId, quantity: input.quantity, byCase: input.unit === 'case' },
  });
  if (!added.ok) return refusedByPlatform(added, values);
  const back = isSafeLocalPath(input.back) ? input.back : undefined;
  return redirect(href('shopping-lists', {}, { list: listId, done: 'added', back }));
}
