import { describe, expect, it } from 'vitest';
import routeConfig from '../../client/routes';
import { pageRouteId, requestRouteId } from './route-id';

// Every page of the app is counted and logged under a route id of its own; `not-found` is the 404
// screen's alone. The routes beside the route table (the cart form, guest checkout, the mailbox,
// the crawlers' files) had been counted as `not-found`, among the 404s (ADR 0312).
type ConfigRoute = { id?: string; path?: string; file: string };

/** A path the route's pattern matches: each parameter (and a splat) one segment `x`. */
const pathOf = (pattern: string) =>
  `/${pattern.replace(/^\//, '').replace(/:\w+/g, 'x').replace(/\*/g, 'x')}`;

describe('the route id of a page path', () => {
  const pages = (routeConfig as ConfigRoute[]).filter((r) => r.path && r.path !== '*');

  it.each(pages.map((r) => [pathOf(r.path!), r.file]))('%s (%s) is not `not-found`', (path) => {
    expect(pageRouteId(path)).not.toBe('not-found');
  });

  it('names the routes beside the table as the API document does', () => {
    expect(pageRouteId('/cart')).toBe('cart');
    expect(pageRouteId('/checkout/guest')).toBe('checkout-guest');
    expect(pageRouteId('/checkout')).toBe('checkout');
    expect(pageRouteId('/blink-test/services')).toBe('blink-test-services');
    expect(pageRouteId('/dev/mail')).toBe('dev-mail');
    expect(pageRouteId('/robots.txt')).toBe('robots.txt');
  });

  it('keeps `not-found` for a path no route has', () => {
    expect(pageRouteId('/no/such/page')).toBe('not-found');
  });

  // A browser's report names React Router's id; it goes on under the request line's (ADR 0373).
  it.each(
    (routeConfig as ConfigRoute[]).map((r) => [r.id ?? r.file.replace(/\.tsx$/, ''), r.path!]),
  )("React Router's id %s is the request line's id of a path of %s", (routerId, pattern) => {
    expect(requestRouteId(routerId)).toBe(
      pageRouteId(pathOf(pattern === '*' ? '/no/such/page' : pattern)),
    );
  });
});
