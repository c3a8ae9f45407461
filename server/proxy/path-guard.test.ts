import { describe, expect, it } from 'vitest';
import { findPathEscape } from './path-guard';
import { isTokenEndpoint, resolveTarget } from './services';

describe('findPathEscape', () => {
  it.each([
    '/a/../b',
    '/a/%2e%2e/b',
    '/a/.%2E/b',
    '/a/%252e%252e/b',
    '/a/%2f',
    '/a/%5C',
    '/a\\b',
    '//h/x',
    '/a/%00',
    '/a/%0D%0A',
    '/a/..;x/b',
    '/a/%zz',
    '/a/.',
    '/a/b//c',
    '/a/b/..',
  ])('refuses %s', (path) => expect(findPathEscape(path)).not.toBeNull());
  it.each([
    '/a/b',
    '/a/b.c',
    '/a/..b',
    '/a/.well-known/x',
    '/a/caf%C3%A9',
    '/a/x%20y',
    "/api/services/catalogue/api/v1/images/prd-0086/1.svg;v=2!$&'()*+,=:@~",
  ])('accepts %s', (path) => expect(findPathEscape(path)).toBeNull());
});

describe('resolveTarget', () => {
  const known = new Set(['orders', 'uaa']);
  it('maps allow-listed services to their path and query as sent', () => {
    expect(resolveTarget('/api/services/orders/v1/o?x=1', known)).toEqual({
      ok: true,
      service: 'orders',
      path: '/api/services/orders/v1/o?x=1',
    });
    expect(resolveTarget('/api/services/evil/x', known)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
  it('refuses a service left out of the configured list', () => {
    expect(resolveTarget('/api/services/profile/v1/x', known)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
  it('hides token endpoints of uaa only', () => {
    expect(isTokenEndpoint('/api/v1/auth/sign-in')).toBe(true);
    expect(isTokenEndpoint('/api/v1/account')).toBe(false);
    expect(resolveTarget('/api/services/orders/auth/x', known).ok).toBe(true);
  });
});
