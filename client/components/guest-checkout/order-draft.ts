import { useEffect, type RefObject } from 'react';
import { ADDRESS_FIELD_NAMES } from '../forms/address-card-fields';

// What a guest typed in the order form, kept with JavaScript in the tab's sessionStorage, so that
// going to the cart and back (to remove what the platform refused, say) loses none of it (ADR
// 0317). Only the fields named here, never a card's (number, name on it, expiry): the browser
// forgets the draft with the tab, and the page once the order is placed. Nothing is sent anywhere.
// A draft is of one cart, the guest session's (ADR 0338): the tab outlives a sign-in and a
// sign-out, after which another guest with another cart must not find this one's e-mail and
// address in the form; another cart's draft is none, and is forgotten when met.
const KEY = 'guest-order-draft';
const CART = 'cart';
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

/** Keeps the form's draft as the draft of the cart `cart` (its uid). */
export function saveDraft(form: HTMLFormElement, cart: string, storage = tabStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ ...draftOf(new FormData(form)), [CART]: cart }));
  } catch {
    // No room: the form still works, only without a draft.
  }
}

/** The draft of the cart `cart` (its uid); another cart's is forgotten. */
export function readDraft(cart: string, storage = tabStorage()): OrderDraft {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    stored = null;
  }
  if (stored && typeof stored === 'object' && (stored as Record<string, unknown>)[CART] === cart)
    return draftOf(Object.entries(stored));
  forgetDraft(storage);
  return {};
}

export function forgetDraft(storage = tabStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Refused storage holds no draft.
  }
}

/** A form's fields by name, as the draft fills them (an HTMLFormElement's `elements`). */
type DraftField = { tagName: string; value: string };
type DraftedForm = { elements: { namedItem(name: string): unknown } };

/**
 * Fills the form's empty text fields from the draft (ADR 0317), and chooses its country again. A
 * country <select> is never empty (the shop's own is chosen first, ADR 0340), so the draft's
 * replaces it, but only while it is one of `countries`, the shop's delivery countries: a country
 * the shop no longer delivers to is not chosen for the guest.
 */
export function fillFromDraft(
  form: DraftedForm,
  draft: OrderDraft,
  countries: readonly string[],
): void {
  for (const name of TYPED) {
    const field = form.elements.namedItem(name) as DraftField | null;
    const kept = draft[name];
    if (!field || !kept) continue;
    if (field.tagName === 'SELECT') {
      if (name === 'country' && countries.includes(kept)) field.value = kept;
    } else if ((field.tagName === 'INPUT' || field.tagName === 'TEXTAREA') && !field.value) {
      field.value = kept;
    }
  }
}

/**
 * Once the form is on screen, fills its empty fields from the tab's draft of the cart `cart` (its
 * country while one of `countries`) and gives the draft's slot to `restoreSlot` (which chooses it
 * again if it can be booked); returns the form's onChange, which keeps the draft as the guest
 * types. Without a cart (the page could not read it) nothing is kept or filled in.
 */
export function useOrderDraft(
  form: RefObject<HTMLFormElement | null>,
  cart: string | undefined,
  countries: readonly string[],
  restoreSlot: (slotId: string) => void,
): () => void {
  useEffect(() => {
    if (cart === undefined || !form.current) return;
    const draft = readDraft(cart);
    fillFromDraft(form.current, draft, countries);
    if (draft.slotId) restoreSlot(draft.slotId);
    // Once, when the form first shows: later renders keep what is in its fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return () => {
    if (form.current && cart !== undefined) saveDraft(form.current, cart);
  };
}
