import { describe, expect, it } from 'vitest';
import { href } from './href';
import { routeParams, toRouterPath } from './routes';

describe('href', () => {
  it('builds links with encoded parameters and query', () => {
    expect(href('home')).toBe('/');
    expect(href('brands', { brandSlug: 'green valley' })).toBe('/brands/green%20valley');
    expect(href('product', { slug: 'dairy-eggs/nordic/milk' })).toBe(
      '/products/dairy-eggs/nordic/milk',
    );
    expect(href('search-results', { searchQuery: 'milk' }, { page: 2, sort: undefined })).toBe(
      '/search/milk?page=2',
    );
    expect(href('smart-cart-order', { id: 's1', orderId: 'o9' })).toBe('/smart-carts/s1/order/o9');
  });

  it('never ends a path in ".data", which React Router takes for a data request', () => {
    expect(href('search-results', { searchQuery: 'milk.data' })).toBe('/search/milk%2Edata');
    expect(href('search-results', { searchQuery: 'milk.data' }, { page: 2 })).toBe(
      '/search/milk%2Edata?page=2',
    );
    expect(href('search-results', { searchQuery: 'big data' })).toBe('/search/big%20data');
  });

  it('throws when a required parameter is missing or empty', () => {
    expect(() => href('order-detail', {} as { orderId: string })).toThrow(
      'Route "order-detail" needs the parameter "orderId"',
    );
    expect(() => href('brands', { brandSlug: '' })).toThrow(/brandSlug/);
  });
});

describe('route table', () => {
  it('maps the specification paths to router paths', () => {
    expect(toRouterPath('/products/{slug+}')).toBe('/products/*');
    expect(toRouterPath('/search/{searchQuery}/{productSlug}')).toBe(
      '/search/:searchQuery/:productSlug',
    );
  });

  it('reads the spec parameter names, the splat as slug, and rejects a missing one', () => {
    expect(routeParams('product', { '*': 'a/b' })).toEqual({ slug: 'a/b' });
    expect(() => routeParams('policy', {})).toThrow('missing its required parameter "policyCode"');
  });
});
