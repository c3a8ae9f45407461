import type { AppLoadContext } from 'react-router';
import {
  listPaths,
  type ShoppingList,
  type ShoppingListCollection,
  type ShoppingListSummary,
} from '../../../shared/contracts/lists';
import { requirePlatform } from '../../lib/platform-answer.server';
import { addingOf, type Adding } from './adding';

// The shopping lists screen: all the shopper's lists, and one of them with its items: the one
// named by ?list= (an unknown one is a 404), else the most recently changed.
// With ?add= (from "Add to list", issue #29), the product to add and the choice of list.
export type ListsData = {
  lists: ShoppingListSummary[];
  selected: ShoppingList | null;
  adding: Adding | null;
};

export async function loadLists(context: AppLoadContext, url: URL): Promise<ListsData> {
  const wanted = url.searchParams.get('list');
  const [collection, chosen] = await Promise.all([
    requirePlatform<ShoppingListCollection>(context.platform, { path: listPaths.lists }),
    wanted ? loadList(context, wanted) : Promise.resolve(null),
  ]);
  const first = collection.items[0];
  const selected = chosen ?? (first ? await loadList(context, first.id) : null);
  return { lists: collection.items, selected, adding: addingOf(url.searchParams) };
}

/** One list with its items and their catalogue data; unknown (or someone else's) → 404. */
export function loadList(context: AppLoadContext, listId: string): Promise<ShoppingList> {
  return requirePlatform<ShoppingList>(context.platform, { path: listPaths.list(listId) });
}
