import { describe, expect, it } from 'vitest';
import { isCurrentPath } from './app-links';

// The navigation's "current page" mark, as React Router's NavLink computed it before ADR 0200.
describe('isCurrentPath', () => {
  it('marks the page itself and its descendants, ignoring case and trailing slash', () => {
    expect(isCurrentPath('/search', '/search')).toBe(true);
    expect(isCurrentPath('/search/milk', '/search')).toBe(true);
    expect(isCurrentPath('/Search/', '/search')).toBe(true);
    expect(isCurrentPath('/search', '/search/')).toBe(true);
    expect(isCurrentPath('/SEARCH', '/search')).toBe(true);
  });

  it('does not mark siblings that share a prefix, nor home on other pages', () => {
    expect(isCurrentPath('/searching', '/search')).toBe(false);
    expect(isCurrentPath('/brands/x', '/')).toBe(false);
    expect(isCurrentPath('/', '/')).toBe(true);
    expect(isCurrentPath('/', '/search')).toBe(false);
  });

  it('marks a link with a query only where its query holds (NavLink marked them all)', () => {
    expect(isCurrentPath('/search', '/search?category=bakery', '?category=bakery&page=2')).toBe(
      true,
    );
    expect(isCurrentPath('/search', '/search?category=bakery', '?category=drinks')).toBe(false);
    expect(isCurrentPath('/search', '/search?category=bakery')).toBe(false);
  });

  it('answers the same for a query already parsed (copied, not tested for its type)', () => {
    for (const search of [
      '',
      '?category=bakery',
      '?category=drinks&page=2',
      '?page=2&category=bakery',
    ])
      for (const to of ['/search', '/search?category=bakery', '/search?category=drinks&page=2'])
        expect(isCurrentPath('/search', to, new URLSearchParams(search))).toBe(
          isCurrentPath('/search', to, search),
        );
  });
});
