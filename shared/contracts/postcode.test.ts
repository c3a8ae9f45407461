import { describe, expect, it } from 'vitest';
import { normalisePostcode, postcodeProblem } from './postcode';
import { DeliveryAddressInput, ProfileInfoInput } from './profile';

// Real postcodes (public buildings', the demo seed's) and near misses (ADR 0340).
const EIRCODES = [
  'D02 X285',
  'D02 P820',
  'D01 F5P2',
  'K78 X1Y2',
  'A65 F4E2',
  'T12 Y7C9',
  'H91 E2K3',
  'D6W 1234',
  'V94 T9PX',
];
const NOT_EIRCODES = [
  '!!',
  'D02',
  'D02 X2855',
  'B12 3456',
  'D02 X2B5',
  'DO2 X285',
  'D6X 1234',
  'SW1A 1AA',
  '12345',
];
const UK = [
  'SW1A 1AA',
  'SW1A 2AA',
  'EC1A 1BB',
  'W1A 0AX',
  'M1 1AE',
  'B33 8TH',
  'CR2 6XH',
  'DN55 1PT',
  'TR18 4BD',
  'TR26 1LP',
  'BT1 5GS',
  'EH99 1SP',
  'GIR 0AA',
];
const NOT_UK = [
  '!!',
  'SW1A',
  'SW1A 1A',
  'SW1A 1AAA',
  'Q1 1AA',
  'V1 1AA',
  'X1 1AA',
  'SW1A 1CA',
  'D02 X285',
  '1AA SW1',
  'AAA1 1AA',
];

describe('postcode shapes', () => {
  it.each(EIRCODES)('takes the Eircode %s', (code) => {
    expect(postcodeProblem('IE', code)).toBeNull();
  });
  it.each(NOT_EIRCODES)('refuses %s as an Eircode, naming the shape', (code) => {
    expect(postcodeProblem('IE', code)).toBe('Enter an Eircode, like D02 X285');
  });
  it.each(UK)('takes the UK postcode %s', (code) => {
    expect(postcodeProblem('GB', code)).toBeNull();
  });
  it.each(NOT_UK)('refuses %s as a UK postcode, naming the shape', (code) => {
    expect(postcodeProblem('GB', code)).toBe('Enter a UK postcode, like SW1A 1AA');
  });

  it('takes letters and digits for a country of no known shape, not punctuation', () => {
    expect(postcodeProblem('FR', '75008')).toBeNull();
    expect(postcodeProblem('NL', '1012 jS')).toBeNull();
    expect(postcodeProblem('FR', '!!')).toBe('Enter the postcode in letters and digits');
  });

  it('normalises: upper case, one space before the tail of its shape', () => {
    expect(normalisePostcode('IE', ' d02x285 ')).toBe('D02 X285');
    expect(normalisePostcode('IE', 'd02  x 285')).toBe('D02 X285');
    expect(normalisePostcode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode('GB', 'm11ae')).toBe('M1 1AE');
    expect(normalisePostcode('GB', ' ec1a   1bb')).toBe('EC1A 1BB');
    expect(normalisePostcode('NL', '1012  js')).toBe('1012 JS');
    // Too short to split: left for the shape to refuse.
    expect(normalisePostcode('GB', '1a')).toBe('1A');
  });
});

describe('a delivery address as given', () => {
  const address = { name: 'Pat', line1: '1 Lake Road', city: 'Wicklow', country: 'ie' };

  it('keeps the postcode normalised and the country as its code', () => {
    expect(DeliveryAddressInput.parse({ ...address, postcode: 'k78x1y2' })).toMatchObject({
      postcode: 'K78 X1Y2',
      country: 'IE',
    });
  });

  it('names the postcode beside the other mistakes, all at once', () => {
    const result = DeliveryAddressInput.safeParse({ ...address, name: '', postcode: '!!' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Required'],
      ['postcode', 'Enter an Eircode, like D02 X285'],
    ]);
  });

  it('asks for a country as its code, and then for no postcode shape', () => {
    const result = DeliveryAddressInput.safeParse({
      ...address,
      country: 'Ireland',
      postcode: '!!',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['country', 'Choose a country'],
    ]);
  });

  it.each(['+353 1 555 0100', '087 123 4567', '01 555-0100', '+44 20 7946 0100', ''])(
    'takes the phone number "%s"',
    (phone) => {
      expect(
        DeliveryAddressInput.safeParse({ ...address, postcode: 'D02 X285', phone }).success,
      ).toBe(true);
      expect(ProfileInfoInput.safeParse({ firstName: 'P', lastName: 'Q', phone }).success).toBe(
        true,
      );
    },
  );

  it.each(['1', '+', '12345', '+353 1 555 0100 0100 99', 'call me'])(
    'refuses the phone number "%s"',
    (phone) => {
      const result = DeliveryAddressInput.safeParse({ ...address, postcode: 'D02 X285', phone });
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['phone']);
    },
  );
});
