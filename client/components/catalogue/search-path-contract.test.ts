import { describe, expect, it } from 'vitest';
import { upstreamOperations } from '../../../shared/upstream/contract';
import { searchPath } from './catalogue.server';

// The search the results page asks the catalogue for, against the upstream contract's
// GET …/catalogue/api/v1/search (docs/api/upstream.openapi.json): every query parameter the page
// sends is one the contract declares, with a value it allows. A parameter left out of the contract
// is one an adopter's catalogue may ignore: the free-from filter would then show foods with the
// very allergens the shopper excluded.
const search = upstreamOperations.find((op) => op.id === 'catalogueGetSearch')!;

describe('the search call', () => {
  it('sends only query parameters the contract declares, each valid there', () => {
    const path = searchPath('milk', {
      brand: 'dairyland',
      category: 'cheese',
      freeFrom: ['gluten', 'milk'],
      sort: 'price-asc',
      page: 2,
    });
    const sent = Object.fromEntries(new URL(path, 'http://platform').searchParams);
    const declared = Object.keys(search.query!.shape);
    expect(Object.keys(sent).filter((name) => !declared.includes(name))).toEqual([]);
    expect(search.query!.strict().safeParse(sent).error?.issues ?? []).toEqual([]);
  });
});
