import { describe, expect, it } from 'vitest';
import { draftOf, forgetDraft, readDraft } from './order-draft';

// The guest's order draft in the tab's sessionStorage (ADR 0317): what was typed of the address,
// the e-mail, the notes and the slot, never a card's field, and nothing but strings it knows.
function tabStorage(entries: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(entries));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('the guest order draft', () => {
  it('keeps the typed address, e-mail, notes and slot, and no field of the card', () => {
    const posted: [string, string][] = [
      ['intent', 'place-guest-order'],
      ['email', 'grace@example.com'],
      ['name', 'Grace Guest'],
      ['line1', '7 Harbour Rd'],
      ['line2', ''],
      ['phone', '+353 1 555 0100'],
      ['slotId', 'slot-b'],
      ['notes', 'Ring twice'],
      ['cardNumber', '4242 4242 4242 4242'],
      ['holderName', 'Grace Guest'],
      ['expiryMonth', '12'],
      ['expiryYear', '2099'],
      ['orderKey', 'k-12345678'],
    ];
    expect(draftOf(posted)).toEqual({
      email: 'grace@example.com',
      name: 'Grace Guest',
      line1: '7 Harbour Rd',
      phone: '+353 1 555 0100',
      slotId: 'slot-b',
      notes: 'Ring twice',
    });
  });

  it('reads back only known fields with text, and nothing from a broken entry', () => {
    const stored = JSON.stringify({
      cart: 'cart-a',
      email: 'g@x.ie',
      cardNumber: '4242',
      city: 7,
      postcode: 'D01',
    });
    const storage = tabStorage({ 'guest-order-draft': stored });
    expect(readDraft('cart-a', storage)).toEqual({ email: 'g@x.ie', postcode: 'D01' });
    expect(readDraft('cart-a', tabStorage({ 'guest-order-draft': '{"email":' }))).toEqual({});
    expect(readDraft('cart-a', tabStorage({ 'guest-order-draft': 'null' }))).toEqual({});
    expect(readDraft('cart-a', null)).toEqual({});

    forgetDraft(storage);
    expect(storage.getItem('guest-order-draft')).toBeNull();
  });

  // ADR 0338: the tab outlives a sign-in and a sign-out; the next guest has another cart.
  it("is the draft of one cart: another cart's reads as none, and is forgotten", () => {
    const typed = JSON.stringify({ cart: 'cart-a', email: 'first@example.com', line1: '1 Lane' });
    const storage = tabStorage({ 'guest-order-draft': typed });
    expect(readDraft('cart-b', storage)).toEqual({});
    expect(storage.getItem('guest-order-draft')).toBeNull();
    // A draft kept before drafts had an owner is nobody's.
    const unowned = tabStorage({ 'guest-order-draft': JSON.stringify({ email: 'old@x.ie' }) });
    expect(readDraft('cart-a', unowned)).toEqual({});
    expect(unowned.getItem('guest-order-draft')).toBeNull();
  });
});
