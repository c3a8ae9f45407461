import { describe, expect, it } from 'vitest';
import { MAX_PAGE } from '../../../shared/listing-pages';
import { pageNumber } from './page-number';

const at = (query: string) => pageNumber(`http://shop.test/brands/dairyland${query}`);

describe("a listing's ?page=", () => {
  it('is the number asked for, from 1 to the last page the platform serves', () => {
    expect(at('?page=2')).toBe(2);
    expect(at(`?page=${MAX_PAGE}`)).toBe(MAX_PAGE);
  });

  it('is page 1 for anything else, so no page number makes the platform refuse the listing', () => {
    for (const query of ['', '?page=0', '?page=-3', '?page=2.5', '?page=abc', '?page=99999'])
      expect(at(query)).toBe(1);
    expect(at(`?page=${MAX_PAGE + 1}`)).toBe(1);
    expect(at('?page=9999')).toBe(1);
  });
});
