import { describe, expect, it } from 'vitest';
import { changesStateOnGet, csrfFailure, type CsrfCheck } from './csrf';

const SHOP = 'https://harbour.example';
const check = (over: Partial<CsrfCheck>): CsrfCheck => ({
  method: 'POST',
  routePath: '/cart',
  headers: {},
  shopOrigin: SHOP,
  ...over,
});

describe('csrfFailure', () => {
  it('lets reads through, but not a read that changes the cart', () => {
    expect(csrfFailure(check({ method: 'GET', headers: { origin: 'https://evil.example' } }))).toBe(
      null,
    );
    const copy = '/api/services/booking-ms/api/v1/bookings/7/copyBookingToCart';
    expect(changesStateOnGet(copy)).toBe(true);
    expect(csrfFailure(check({ method: 'GET', routePath: copy }))).toBe('Missing X-CSRF: 1 header');
  });

  it('asks the proxy and the auth endpoints for X-CSRF: 1', () => {
    for (const routePath of ['/api/services/cart/x', '/auth/sign-out', '/auth']) {
      expect(csrfFailure(check({ routePath }))).toBe('Missing X-CSRF: 1 header');
      expect(csrfFailure(check({ routePath, headers: { 'x-csrf': '1' } }))).toBe(null);
    }
  });

  it("takes a write only from the shop's own origin", () => {
    expect(csrfFailure(check({ headers: { origin: SHOP } }))).toBe(null);
    expect(csrfFailure(check({ headers: { origin: 'https://other.example' } }))).toBe(
      'Cross-origin request refused',
    );
    expect(csrfFailure(check({ headers: { 'sec-fetch-site': 'same-site' } }))).toBe(
      'Cross-site request refused',
    );
    expect(csrfFailure(check({ headers: { 'sec-fetch-site': 'none' } }))).toBe(null);
    expect(csrfFailure(check({}))).toBe(null);
  });
});
