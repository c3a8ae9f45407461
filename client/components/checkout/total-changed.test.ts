import { describe, expect, it } from 'vitest';
import { shownTotalOf, totalChangeOf } from '../forms/place-order-forms';
import { CART_CHANGED, FEE_CHANGED, slotFeesOf } from './total-changed';

// A slot chosen after the totals were shown (without JavaScript nothing re-quotes) is placed at
// the shown subtotal plus the fee listed beside it, not refused as a changed cart (ADR 0326).
const slot = (id: string, fee: number, available = true) => ({ id, fee, available });
const quote = { slotId: 'a', subtotal: 1000, deliveryFee: 495, freeDeliveryFrom: 6000 };
const slots = [slot('a', 495), slot('b', 495), slot('c', 123), slot('d', 199, false), slot('e', 0)];

describe('slotFeesOf', () => {
  it('lists the bookable slots whose fee is not the shown one', () => {
    expect(slotFeesOf(quote, slots)).toBe('c=123&e=0');
  });

  it('lists none past the free-delivery threshold: every slot is free', () => {
    expect(slotFeesOf({ ...quote, subtotal: 6000, deliveryFee: 0 }, slots)).toBe('');
  });

  it('lists every bookable slot when none was quoted', () => {
    expect(slotFeesOf({ ...quote, slotId: null, deliveryFee: null }, slots)).toBe(
      'a=495&b=495&c=123&e=0',
    );
  });
});

describe('the expected total of a posted order', () => {
  const form = { shownTotal: '1495', shownSubtotal: '1000', slotFees: slotFeesOf(quote, slots) };

  it('is the shown total at the shown slot or one of the same fee', () => {
    expect(shownTotalOf({ ...form, slotId: 'a' })).toBe(1495);
    expect(shownTotalOf({ ...form, slotId: 'b' })).toBe(1495);
  });

  it('is the shown subtotal plus the listed fee at a slot of another fee', () => {
    expect(shownTotalOf({ ...form, slotId: 'c' })).toBe(1123);
    expect(shownTotalOf({ ...form, slotId: ' e ' })).toBe(1000);
  });

  it('ignores what is malformed, and is none without a shown total', () => {
    expect(shownTotalOf({ ...form, slotId: 'c', shownSubtotal: '-1' })).toBe(1495);
    expect(shownTotalOf({ ...form, slotId: 'c', slotFees: 'c=1.5' })).toBe(1495);
    expect(shownTotalOf({ slotId: 'a' })).toBeUndefined();
  });
});

describe('why a total was refused', () => {
  it('is the fee when the cart still costs the subtotal shown, else the cart', () => {
    const form = { shownTotal: '1495', shownSubtotal: '1000' };
    expect(totalChangeOf(form, { subtotal: 1000 })).toEqual({ code: 'fee', message: FEE_CHANGED });
    expect(totalChangeOf(form, { subtotal: 1200 })).toEqual({
      code: 'total',
      message: CART_CHANGED,
    });
    expect(totalChangeOf(form, undefined).code).toBe('total');
    expect(totalChangeOf({ shownTotal: '1495' }, { subtotal: 1000 }).code).toBe('total');
  });
});
