import { describe, expect, it } from 'vitest';
import { packOf, unitPriceOf } from './grocery';

describe('packOf', () => {
  it.each([
    ['500 g', { amount: 500, unit: 'g' }],
    ['1.5 kg', { amount: 1500, unit: 'g' }],
    ['4.8 g', { amount: 4.8, unit: 'g' }],
    ['330 ml', { amount: 330, unit: 'ml' }],
    ['1.75 l', { amount: 1750, unit: 'ml' }],
    ['30 m', { amount: 30, unit: 'm' }],
    ['6 pack', { amount: 6, unit: 'each' }],
    ['80 bags', { amount: 80, unit: 'each' }],
    ['2 x 330 ml', { amount: 660, unit: 'ml' }],
    ['4×125g', { amount: 500, unit: 'g' }],
    ['3 X 1.5 l', { amount: 4500, unit: 'ml' }],
    ['2 x 6 pack', { amount: 12, unit: 'each' }],
  ])('reads %s', (label, pack) => expect(packOf(label)).toEqual(pack));
  it.each(['', 'large', '0 g', 'g 500', '0 x 330 ml', 'x 330 ml', '2.5 x 330 ml'])(
    'has no pack for %j',
    (label) => expect(packOf(label)).toBeNull(),
  );
});

describe('unitPriceOf', () => {
  it('prices per kg or litre from 250 g or ml, per 100 g or ml below', () => {
    expect(unitPriceOf(229, { amount: 800, unit: 'g' })).toEqual({ cents: 286, per: 'kg' });
    expect(unitPriceOf(199, { amount: 150, unit: 'g' })).toEqual({ cents: 133, per: '100 g' });
    expect(unitPriceOf(119, { amount: 1000, unit: 'ml' })).toEqual({ cents: 119, per: 'l' });
    expect(unitPriceOf(99, { amount: 75, unit: 'ml' })).toEqual({ cents: 132, per: '100 ml' });
  });
  it('prices per item and per metre', () => {
    expect(unitPriceOf(250, { amount: 6, unit: 'each' })).toEqual({ cents: 42, per: 'item' });
    expect(unitPriceOf(300, { amount: 30, unit: 'm' })).toEqual({ cents: 10, per: 'm' });
  });
  it('prices a multipack per litre or kg over all it holds', () => {
    // 6 x 150 ml yoghurts: 900 ml, per litre (one 150 ml pot alone is priced per 100 ml).
    expect(unitPriceOf(270, packOf('6 x 150 ml')!)).toEqual({ cents: 300, per: 'l' });
  });
  it('prices a case over all its packs', () => {
    expect(unitPriceOf(1659, { amount: 800, unit: 'g' }, 8)).toEqual({ cents: 259, per: 'kg' });
  });
});
