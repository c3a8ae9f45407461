import { describe, expect, it } from 'vitest';
import { httpFailureFingerprint } from './failure-fingerprint';

// ADR 0304: the same upstream fault on different ids is one report group.
const ORIGIN = 'http://127.0.0.1:4190';
const failure = (status: number, path: string, statusText = 'Internal Server Error') => ({
  status,
  statusText,
  url: ORIGIN + path,
});

describe('httpFailureFingerprint', () => {
  it('gives two 500s on different ids one fingerprint, by service, status and template', () => {
    const one = httpFailureFingerprint(failure(500, '/api/services/orders/api/v1/orders/1042'));
    const two = httpFailureFingerprint(failure(500, '/api/services/orders/api/v1/orders/7?x=1'));
    expect(one).toEqual(two);
    expect(one).toEqual([
      'http-failure',
      'upstream_5xx',
      'orders',
      '500',
      '/api/services/orders/api/v1/orders/:id',
    ]);
    expect(one.join(' ')).not.toMatch(/1042|127\.0\.0\.1/);
  });

  it('groups the cart of two tenants, and paths the contract does not know, as one each', () => {
    const cart = (tenant: string) =>
      httpFailureFingerprint(
        failure(503, `/api/services/booking-ms/api/v1/bookings/cart/tenant/${tenant}`),
      );
    expect(cart('fresh')).toEqual(cart('green'));
    const unknown = (id: number) =>
      httpFailureFingerprint(failure(500, `/api/services/catalogue/api/v1/check28-fail500/${id}`));
    expect(unknown(1)).toEqual(unknown(2));
    expect(unknown(1).at(-1)).toBe('other');
  });

  it('keeps apart what is not the same fault: the status, the route, a timeout from no answer', () => {
    const orders = '/api/services/orders/api/v1/orders';
    expect(httpFailureFingerprint(failure(500, orders))).not.toEqual(
      httpFailureFingerprint(failure(503, orders)),
    );
    expect(httpFailureFingerprint(failure(500, orders))).not.toEqual(
      httpFailureFingerprint(failure(500, `${orders}/1`)),
    );
    expect(httpFailureFingerprint(failure(0, orders, 'GW_UPSTREAM_TIMEOUT'))).not.toEqual(
      httpFailureFingerprint(failure(0, orders, 'ECONNREFUSED')),
    );
  });

  it("groups by the contract's path, not a service URL's prefix", () => {
    const prefixed = {
      ...failure(500, '/base/api/services/orders/api/v1/orders/9'),
      path: '/api/services/orders/api/v1/orders/9',
    };
    expect(httpFailureFingerprint(prefixed)).toEqual(
      httpFailureFingerprint(failure(500, '/api/services/orders/api/v1/orders/1')),
    );
  });
});
