import { describe, expect, it } from 'vitest';
import { assertKnownMiddleware, runMiddleware, type RouteMiddleware } from './route-middleware';

describe('route middleware', () => {
  const url = new URL('http://shop.test/orders/7?x=1');

  it('auth sends a logged-out visitor to sign in with the return path, and lets a signed-in one through', () => {
    expect(runMiddleware(['auth'], { isLoggedIn: false, url })).toBe(
      '/social-login?returnTo=%2Forders%2F7%3Fx%3D1',
    );
    expect(runMiddleware(['auth'], { isLoggedIn: true, url })).toBeNull();
  });

  it('sends a visitor with a very long URL to sign in without the part that does not fit', () => {
    const longQuery = new URL(`http://shop.test/orders/7?x=${'q'.repeat(3000)}`);
    expect(runMiddleware(['auth'], { isLoggedIn: false, url: longQuery })).toBe(
      '/social-login?returnTo=%2Forders%2F7',
    );
    const longPath = new URL(`http://shop.test/orders/${'a'.repeat(3000)}`);
    expect(runMiddleware(['auth'], { isLoggedIn: false, url: longPath })).toBe('/social-login');
  });

  it('allows redirects to allow-listed external hosts only', () => {
    const registry: Record<string, RouteMiddleware> = {
      pay: () => ({ redirect: 'https://pay.example.com/start' }),
      evil: () => ({ redirect: '//evil.com' }),
    };
    expect(
      runMiddleware(
        ['pay'],
        { isLoggedIn: true, url },
        { allowedHosts: ['pay.example.com'] },
        registry,
      ),
    ).toBe('https://pay.example.com/start');
    expect(() => runMiddleware(['pay'], { isLoggedIn: true, url }, {}, registry)).toThrow(
      /unsafe redirect/,
    );
    expect(() => runMiddleware(['evil'], { isLoggedIn: true, url }, {}, registry)).toThrow(
      /unsafe redirect/,
    );
  });

  it('rejects an unknown middleware name', () => {
    expect(() => assertKnownMiddleware([{ id: 'a', path: '/a', middleware: ['nope'] }])).toThrow(
      'Unknown route middleware: "nope" (route a)',
    );
    expect(() => runMiddleware(['nope'], { isLoggedIn: true, url })).toThrow(
      /Unknown route middleware/,
    );
  });
});
