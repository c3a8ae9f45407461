import fc from 'fast-check';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTable, toRouterPath } from '../../shared/routes';
import { pathPatterns } from './path-patterns';

// The first-segment index finds what trying every pattern with matchPath finds.
const patterns = routeTable.map((route) => ({ id: route.id, path: toRouterPath(route.path) }));
const everyPattern = (pathname: string) => {
  for (const pattern of patterns) {
    const match = matchPath({ path: pattern.path, end: true }, pathname);
    if (match) return { id: pattern.id, params: match.params };
  }
  return null;
};

const literals = [
  ...new Set(routeTable.flatMap((route) => route.path.split('/')).filter((s) => !s.includes('{'))),
];
const segment = fc.oneof(
  fc.constantFrom(...literals),
  fc.constantFrom(...literals).map((s) => s.toUpperCase()),
  fc.stringMatching(/^[a-z0-9%-]{0,12}$/),
  fc.constantFrom('', '..', '%2F', 'milk', 'meadowbrook'),
);
const path = fc
  .tuple(fc.constantFrom('/', '//', ''), fc.array(segment, { maxLength: 5 }), fc.boolean())
  .map(([lead, segments, trailing]) => `${lead}${segments.join('/')}${trailing ? '/' : ''}`);

describe('pathPatterns', () => {
  const find = pathPatterns(patterns);

  it('matches as matchPath over every pattern in order, on generated paths', () => {
    fc.assert(
      fc.property(path, (pathname) => {
        const found = find(pathname);
        expect(found && { id: found.pattern.id, params: found.match.params }).toEqual(
          everyPattern(pathname),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds the named routes, in any case and with a trailing slash', () => {
    expect(find('/')?.pattern.id).toBe('home');
    expect(find('/SEARCH/milk/')?.pattern.id).toBe('search-results');
    expect(find('/products/a/b')?.match.params['*']).toBe('a/b');
    expect(find('/nowhere')).toBeNull();
  });

  it('refuses a pattern that begins with a parameter', () => {
    expect(() => pathPatterns([{ path: '/:slug' }])).toThrow(/literal segment/);
  });
});
