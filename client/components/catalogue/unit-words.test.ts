import { describe, expect, it } from 'vitest';
import { unitsInWords } from './unit-words';

// What a screen reader is given for a size label or a price's unit: the units in words, the
// rest as it is (docs/decisions/0346).
describe('unitsInWords', () => {
  it.each([
    ['6 x 330 ml', '6 x 330 millilitres'],
    ['1 l', '1 litre'],
    ['1.5 l', '1.5 litres'],
    ['500 g', '500 grams'],
    ['2 x 225 g', '2 x 225 grams'],
    ['4×125g', '4×125 grams'],
    ['1 kg', '1 kilogram'],
    ['2 L', '2 litres'],
    ['30 m', '30 metres'],
    ['100 g', '100 grams'],
    ['kg', 'kilogram'],
    ['l', 'litre'],
    ['1 piece', '1 piece'],
    ['6 pack', '6 pack'],
    ['80 bags', '80 bags'],
    ['item', 'item'],
    ['1 mango', '1 mango'],
    ['constructor', 'constructor'],
  ])('%s → %s', (label, said) => {
    expect(unitsInWords(label)).toBe(said);
  });
});
