// What the shopping lists action answers when the shopper has something to fix (400) or the
// platform refused; success always redirects (PRG), so a reload never posts again.
export type ListIntent =
  | 'create-list'
  | 'rename-list'
  | 'delete-list'
  | 'change-quantity'
  | 'remove-item'
  | 'add-item'
  | 'to-cart';
export type ListActionResult = {
  intent: ListIntent;
  fieldErrors: Record<string, string>;
  formError?: string;
  itemId?: string;
  /** What a refused "Add to list" chose (list, new name, quantity, unit), to choose it again. */
  values?: Record<string, string>;
};

export const LIST_NOTICES: Record<string, string> = {
  created: 'Your new list is ready.',
  renamed: 'The list is renamed.',
  deleted: 'The list is deleted.',
  quantity: 'The quantity is changed.',
  removed: 'The item is removed from the list.',
  added: 'Added to the list.',
};
