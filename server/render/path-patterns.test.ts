import fc from 'fast-check';
import * as router from 'react-router';
import { matchPath } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
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

  it('matches as matchPath with optional segments and splats too, on generated paths', () => {
    const more = [
      { id: 'opt', path: '/search/:a?/x' },
      { id: 'deep-splat', path: '/search/:a/*' },
      { id: 'splat', path: '/products/*' },
      { id: 'fixed', path: '/products/:a/:b/:c' },
    ];
    const findMore = pathPatterns(more);
    fc.assert(
      fc.property(path, (pathname) => {
        const found = findMore(pathname);
        const expected = more.find((p) => matchPath({ path: p.path, end: true }, pathname));
        expect(found?.pattern.id ?? null).toBe(expected?.id ?? null);
      }),
      { numRuns: 2_000 },
    );
    expect(findMore('/search/x')?.pattern.id).toBe('opt');
    expect(findMore('/search/q//x/')?.pattern.id).toBe('deep-splat');
  });

  it('asks matchPath only of patterns with as many segments as the path', () => {
    const calls = vi.spyOn(router, 'matchPath');
    expect(find('/search/milk')?.pattern.id).toBe('search-results');
    // Not '/search' (one segment) nor '/search/:searchQuery/:productSlug' (three).
    expect(calls.mock.calls.map(([pattern]) => (pattern as { path: string }).path)).toEqual([
      '/search/:searchQuery',
    ]);
    calls.mockRestore();
  });

  it('refuses a pattern that begins with a parameter', () => {
    expect(() => pathPatterns([{ path: '/:slug' }])).toThrow(/literal segment/);
  });
});
