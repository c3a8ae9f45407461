import { useEffect, type RefObject } from 'react';
import { ADDRESS_FIELD_NAMES } from '../forms/address-card-fields';

// What a guest typed in the order form, kept with JavaScript in the tab's sessionStorage, so that
// going to the cart and back (to remove what the platform refused, say) loses none of it (ADR
// 0317). Only the fields named here, never a card's (number, name on it, expiry): the browser
// forgets the draft with the tab, and the page once the order is placed. Nothing is sent anywhere.
const KEY = 'guest-order-draft';
const TYPED = ['email', ...ADDRESS_FIELD_NAMES, 'notes'] as const;
const DRAFTED: readonly string[] = [...TYPED, 'slotId'];
export type OrderDraft = Partial<Record<(typeof TYPED)[number] | 'slotId', string>>;

/** The draft of a form's fields: the named ones, not empty. */
export function draftOf(fields: Iterable<[string, unknown]>): OrderDraft {
  const draft: Record<string, string> = {};
  for (const [name, value] of fields)
    if (DRAFTED.includes(name) && typeof value === 'string' && value !== '') draft[name] ??= value;
  return draft;
}

// Storage may be refused (a browser's privacy setting), or full: then there is no draft.
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveDraft(form: HTMLFormElement, storage = tabStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify(draftOf(new FormData(form))));
  } catch {
    // No room: the form still works, only without a draft.
  }
}

export function readDraft(storage = tabStorage()): OrderDraft {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(KEY) ?? '{}');
    return stored && typeof stored === 'object' ? draftOf(Object.entries(stored)) : {};
  } catch {
    return {};
  }
}

export function forgetDraft(storage = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Refused storage holds no draft.
  }
}

/**
 * Once the form is on screen, fills its empty fields from the tab's draft and gives the draft's
 * slot to `restoreSlot` (which chooses it again if it can be booked); returns the form's
 * onChange, which keeps the draft as the guest types.
 */
export function useOrderDraft(
  form: RefObject<HTMLFormElement | null>,
  restoreSlot: (slotId: string) => void,
): () => void {
  useEffect(() => {
    const draft = readDraft();
    for (const name of TYPED) {
      const field = form.current?.elements.namedItem(name);
      const text = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement;
      if (text && !field.value && draft[name]) field.value = draft[name];
    }
    if (draft.slotId) restoreSlot(draft.slotId);
    // Once, when the form first shows: later renders keep what is in its fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return () => {
    if (form.current) saveDraft(form.current);
  };
}
