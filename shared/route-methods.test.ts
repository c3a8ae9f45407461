import { describe, expect, it } from 'vitest';
import { createRouteMethods, sortMethods } from './route-methods';

describe('the methods of the routes at a path', () => {
  const routes = createRouteMethods();
  routes.learn({ method: 'GET', url: '/auth/session' });
  routes.learn({ method: 'HEAD', url: '/auth/session' });
  routes.learn({ method: 'POST', url: '/auth/sign-in' });
  routes.learn({ method: ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'], url: '/api/services/*' });
  routes.learn({ method: ['GET', 'PUT', 'DELETE'], url: '/lists/:listId' });
  routes.learn({ method: 'GET', url: '/lists/:listId' });
  routes.learn({ method: 'GET', url: '/orders/:id' });
  routes.learn({ method: 'DELETE', url: '/orders/:orderId' });

  it('names every method a route takes there, as Fastify matches paths', () => {
    expect(routes.at('/auth/session')).toEqual(['GET', 'HEAD']);
    expect(routes.at('/auth/sign-in?next=/cart')).toEqual(['POST']);
    expect(routes.at('/lists/l1')).toEqual(['GET', 'PUT', 'DELETE']);
    expect(routes.at('/lists/l%201')).toEqual(['GET', 'PUT', 'DELETE']);
    expect(routes.at('/orders/o1')).toEqual(['GET', 'DELETE']);
    expect(routes.at('/api/services/orders/api/v1/orders')).toEqual([
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'OPTIONS',
    ]);
  });

  it('names every method a route takes anywhere, for `OPTIONS *`', () => {
    expect(routes.all()).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);
  });

  it('names none for a path no route has', () => {
    expect(routes.at('/auth/session/more')).toEqual([]);
    expect(routes.at('/Auth/session')).toEqual([]);
    expect(routes.at('/nothing')).toEqual([]);
  });

  it('lists the usual methods first, any other after by name', () => {
    expect(sortMethods(['TRACE', 'DELETE', 'PROPFIND', 'GET', 'HEAD', 'GET'])).toEqual([
      'GET',
      'HEAD',
      'DELETE',
      'PROPFIND',
      'TRACE',
    ]);
  });
});
