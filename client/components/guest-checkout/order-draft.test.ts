import { describe, expect, it } from 'vitest';
import { draftOf, fillFromDraft, forgetDraft, readDraft } from './order-draft';

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

// ADR 0340: the country is chosen in a <select>, which is never empty (the shop's own country is
// chosen first); the draft's choice is restored while the shop still delivers there.
describe('filling the form from the draft', () => {
  const formOf = (fields: Record<string, { tagName: string; value: string }>) => ({
    elements: { namedItem: (name: string) => fields[name] ?? null },
  });
  const draft = { line1: '7 Harbour Rd', city: 'Bray', postcode: 'A98 H940', country: 'GB' };

  it('fills the empty text fields and chooses the country again, a delivery country', () => {
    const fields = {
      line1: { tagName: 'INPUT', value: '' },
      city: { tagName: 'INPUT', value: 'Typed since' },
      postcode: { tagName: 'INPUT', value: '' },
      country: { tagName: 'SELECT', value: 'IE' },
      instructions: { tagName: 'TEXTAREA', value: '' },
    };
    fillFromDraft(formOf(fields), { ...draft, instructions: 'By the shed' }, ['IE', 'GB']);
    expect(fields.line1.value).toBe('7 Harbour Rd');
    expect(fields.city.value).toBe('Typed since');
    expect(fields.postcode.value).toBe('A98 H940');
    expect(fields.country.value).toBe('GB');
    expect(fields.instructions.value).toBe('By the shed');
  });

  it('leaves the shop’s own country chosen when it no longer delivers to the draft’s', () => {
    const country = { tagName: 'SELECT', value: 'IE' };
    fillFromDraft(formOf({ country }), draft, ['IE']);
    expect(country.value).toBe('IE');
  });
});
