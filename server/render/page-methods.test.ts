import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageMethods, takenByPages } from './page-methods';

// What a page takes (ADR 0385): its route's action decides whether POST is one.
const route = (id: string, path: string | undefined, action: boolean) => ({
  id,
  parentId: id === 'root' ? undefined : 'root',
  path,
  module: (action ? { action: () => null } : {}) as never,
});
const build = {
  routes: {
    root: route('root', '', false),
    'routes/cart-action': route('routes/cart-action', 'cart', true),
    'search-results': route('search-results', 'search/:term', false),
    'routes/not-found': route('routes/not-found', '*', false),
  },
  basename: '/',
} as unknown as ServerBuild;

describe("a page's methods", () => {
  it('are GET and HEAD, and POST when its route has an action', () => {
    expect(pageMethods(build, '/search/milk?page=2')).toEqual(['GET', 'HEAD']);
    expect(pageMethods(build, '/cart')).toEqual(['GET', 'HEAD', 'POST']);
  });

  it("are a data request's page's, and the 404 screen's for a path of no page", () => {
    expect(pageMethods(build, '/cart.data')).toEqual(['GET', 'HEAD', 'POST']);
    expect(pageMethods(build, '/_root.data')).toEqual(['GET', 'HEAD']);
    expect(pageMethods(build, '/no/such/page')).toEqual(['GET', 'HEAD']);
  });

  it('leave React Router GET, HEAD and POST only', () => {
    expect(['GET', 'HEAD', 'POST'].every(takenByPages)).toBe(true);
    expect(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'].some(takenByPages)).toBe(false);
  });
});
