import { listPaths } from '../../../shared/contracts/list-paths';
import type { ShoppingList, ShoppingListCollection } from '../../../shared/contracts/lists';
import { apiFetch, type ApiResult } from '../../lib/api';

// "Add to list" in place on a product page (docs/decisions/0375): the calls of the lists service
// the lists screen's action makes (./add-item-action.server.ts), made by the browser through the
// gateway's proxy, as "Add all to cart" does (./fill-cart.client.ts).
export type ListName = { id: string; name: string };

export type Addition = {
  /** One of the shopper's lists, or 'new' with `newName`. */
  listId: string;
  newName: string;
  offeringId: string;
  quantity: number;
  byCase: boolean;
};

export type Added =
  | { ok: true; list: ListName }
  /** `made`: the new list made before the add failed; a second try adds to it. */
  | { ok: false; message: string; made?: ListName };

const FAILED = 'Sorry, the list could not be changed. Please try again.';

/** The service's own words for what it refused (4xx); ours when it or the network failed. */
const messageOf = (answer: ApiResult<unknown> & { ok: false }) =>
  answer.status >= 400 && answer.status < 500 ? answer.error.message : FAILED;

const nameOf = (list: ShoppingList): ListName => ({ id: list.id, name: list.name });

/** The shopper's lists, most recently changed first; null when they could not be read. */
export async function readLists(): Promise<ListName[] | null> {
  const answer = await apiFetch<ShoppingListCollection>(listPaths.lists);
  if (!answer.ok || !Array.isArray(answer.data?.items)) return null;
  return answer.data.items.map((list) => ({ id: list.id, name: list.name }));
}

/** Makes the new list if asked, then adds the offering to the list, in its unit. */
export async function addToList(addition: Addition): Promise<Added> {
  let made: ListName | undefined;
  if (addition.listId === 'new') {
    const created = await apiFetch<ShoppingList>(listPaths.lists, {
      method: 'POST',
      body: { name: addition.newName },
    });
    if (!created.ok) return { ok: false, message: messageOf(created) };
    made = nameOf(created.data);
  }
  const listId = made?.id ?? addition.listId;
  const added = await apiFetch<ShoppingList>(listPaths.items(listId), {
    method: 'POST',
    body: { offeringId: addition.offeringId, quantity: addition.quantity, byCase: addition.byCase },
  });
  if (!added.ok) return { ok: false, message: messageOf(added), made };
  return { ok: true, list: nameOf(added.data) };
}
