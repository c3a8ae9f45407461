import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELD_NAMES, ADDRESS_FIELDS } from './address-card-fields';

describe('the address fields', () => {
  it('that the forms draw are the ones the actions read, in the same order', () => {
    expect(ADDRESS_FIELDS.map((field) => field.name)).toEqual([...ADDRESS_FIELD_NAMES]);
  });
});
