import { describe, expect, it } from 'vitest';
import { shownTotalOf } from '../forms/place-order-forms';
import { feeToPay, slotFeeWords } from './slot-fee';
import { slotFeesOf } from './total-changed';

// What each slot costs the cart the page priced (ADR 0334): the slot list says it, and an order
// at that slot is expected at that total (ADR 0326), past the free-delivery threshold and below.
const slot = (id: string, fee: number, available = true) => ({ id, fee, available });
const slots = [slot('a', 495), slot('b', 495), slot('c', 123), slot('d', 199, false), slot('e', 0)];
const below = { slotId: 'a', subtotal: 5999, deliveryFee: 495, freeDeliveryFrom: 6000 };
const past = { ...below, subtotal: 6000, deliveryFee: 0 };
const money = (cents: number) => `€${(cents / 100).toFixed(2)}`;

describe('feeToPay', () => {
  it("is each slot's own fee below the threshold, and nothing from it on", () => {
    expect(slots.map((s) => feeToPay(below, s))).toEqual([495, 495, 123, 199, 0]);
    expect(slots.map((s) => feeToPay(past, s))).toEqual([0, 0, 0, 0, 0]);
  });

  it("is the quote's own fee for the quoted slot, whatever the list says", () => {
    expect(feeToPay({ ...below, deliveryFee: 300 }, slot('a', 495))).toBe(300);
    expect(feeToPay({ ...below, slotId: null, deliveryFee: null }, slot('a', 495))).toBe(495);
  });
});

describe('slotFeeWords', () => {
  it('says free past the threshold, with the fee it waives', () => {
    expect(slotFeeWords(slot('b', 495), past, money)).toBe('free delivery (usually €4.95)');
    expect(slotFeeWords(slot('e', 0), past, money)).toBe('free delivery');
  });

  it("says the slot's fee below the threshold, and free for a slot that costs nothing", () => {
    expect(slotFeeWords(slot('c', 123), below, money)).toBe('€1.23');
    expect(slotFeeWords(slot('e', 0), below, money)).toBe('free delivery');
  });

  it("says the slot's own fee without a quote", () => {
    expect(slotFeeWords(slot('b', 495), null, money)).toBe('€4.95');
  });
});

describe('the order form at the fee the list shows', () => {
  it.each([
    ['below the threshold', below],
    ['past it', past],
  ])('expects each bookable slot at the shown subtotal plus its listed fee, %s', (_, quote) => {
    const form = {
      shownTotal: String(quote.subtotal + quote.deliveryFee),
      shownSubtotal: String(quote.subtotal),
      slotFees: slotFeesOf(quote, slots),
    };
    for (const listed of slots.filter((s) => s.available))
      expect(shownTotalOf({ ...form, slotId: listed.id }), listed.id).toBe(
        quote.subtotal + feeToPay(quote, listed),
      );
  });
});
