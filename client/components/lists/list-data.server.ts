import type { AppLoadContext } from 'react-router';
import { cataloguePaths, type OfferingSummaries } from '../../../shared/contracts/catalogue';
import {
  listPaths,
  type ShoppingList,
  type ShoppingListCollection,
  type ShoppingListSummary,
} from '../../../shared/contracts/lists';
import { askPlatform, requirePlatform, screenError } from '../../lib/platform-answer.server';
import { newOrderKey } from '../forms/place-order-forms';
import { addingOf, type Adding, type AskedToAdd } from './adding';

// The shopping lists screen: all the shopper's lists, and one of them with its items: the one
// named by ?list= (an unknown one is a 404), else the most recently changed.
// With ?add= (from "Add to list", issue #29), the product to add and the choice of list.
export type ListsData = {
  lists: ShoppingListSummary[];
  selected: ShoppingList | null;
  adding: Adding | null;
  /** The key of this rendering's "Add to cart" forms (docs/decisions/0328). */
  formKey: string;
};

export async function loadLists(context: AppLoadContext, url: URL): Promise<ListsData> {
  const wanted = url.searchParams.get('list');
  const [collection, chosen, adding] = await Promise.all([
    requirePlatform<ShoppingListCollection>(context.platform, { path: listPaths.lists }),
    wanted ? loadList(context, wanted) : Promise.resolve(null),
    offeringToAdd(context, addingOf(url.searchParams)),
  ]);
  const first = collection.items[0];
  const selected = chosen ?? (first ? await loadList(context, first.id) : null);
  return { lists: collection.items, selected, adding, formKey: newOrderKey() };
}

/** One list with its items and their catalogue data; unknown (or someone else's) → 404. */
export function loadList(context: AppLoadContext, listId: string): Promise<ShoppingList> {
  return requirePlatform<ShoppingList>(context.platform, { path: listPaths.list(listId) });
}

/**
 * The offering "Add to list" asked for, named and sized by the catalogue, not by the link (ADR
 * 0320); one the catalogue does not know asks nothing (the screen shows the lists alone).
 */
async function offeringToAdd(
  context: AppLoadContext,
  asked: AskedToAdd | null,
): Promise<Adding | null> {
  if (!asked) return null;
  const answer = await askPlatform<OfferingSummaries>(context.platform, {
    path: cataloguePaths.offerings([asked.offeringId]),
  });
  if (!answer.ok) {
    if (answer.status >= 500) throw screenError(answer);
    return null;
  }
  const { offerings } = answer.body;
  if (!Object.hasOwn(offerings, asked.offeringId)) return null;
  const product = offerings[asked.offeringId]!;
  return { ...asked, name: product.name, caseSize: product.offering.caseSize };
}
