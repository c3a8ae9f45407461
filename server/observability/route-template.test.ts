import { describe, expect, it } from 'vitest';
import { upstreamOperations } from '../../shared/upstream/contract';
import { routeTemplate, serviceOf, templateOf, UNKNOWN_ROUTE } from './route-template';

// ADR 0304: a call's route template is its upstream contract operation's path, `other` for any
// other path, so no traffic adds a label value (issue #28 item 3, checked again).
const P = '/api/services';
const templates = new Set(upstreamOperations.map((op) => templateOf(op.path)));

/** A random path of plain letters under `prefix` (the check's junk: `/uaa/api/v1/dazzzbazzzzz`). */
const junk = (prefix: string, random: () => number) =>
  prefix +
  Array.from(
    { length: 1 + Math.floor(random() * 3) },
    () =>
      '/' +
      Array.from(
        { length: 3 + Math.floor(random() * 10) },
        () => 'abdz'[Math.floor(random() * 4)],
      ).join(''),
  ).join('');

describe('routeTemplate', () => {
  it('names the parameters as the contract does: the cart by :tenantId, an order by :id', () => {
    expect(routeTemplate(`${P}/booking-ms/api/v1/bookings/cart/tenant/fresh`)).toBe(
      `${P}/booking-ms/api/v1/bookings/cart/tenant/:tenantId`,
    );
    expect(
      routeTemplate(`${P}/booking-ms/api/v1/bookings/cart/tenant/fresh/item?substItemUid=x`),
    ).toBe(`${P}/booking-ms/api/v1/bookings/cart/tenant/:tenantId/item`);
    expect(routeTemplate(`${P}/orders/api/v1/orders/1042/cancel`)).toBe(
      `${P}/orders/api/v1/orders/:id/cancel`,
    );
    // A literal route of the contract beside a parameter one keeps its name.
    expect(routeTemplate(`${P}/orders/api/v1/orders/quote`)).toBe(
      `${P}/orders/api/v1/orders/quote`,
    );
    expect(routeTemplate('/cms-api/pages/about-us')).toBe('/cms-api/pages/:pageId');
  });

  it('knows every path of the contract, each under its own template', () => {
    for (const op of upstreamOperations) {
      const path = op.path.replace(/\{\w+\}/g, 'x1');
      expect(routeTemplate(path), `${op.method} ${op.path}`).toBe(templateOf(op.path));
    }
  });

  it('gives any other path `other`, an empty parameter too', () => {
    for (const path of [
      `${P}/catalogue/api/v1/check28-fail500/1`,
      `${P}/uaa/api/v1/dazzzbazzzzz`,
      `${P}/orders/api/v1/orders/`,
      `${P}/orders/api/v1/orders//cancel`,
      `${P}/Orders/api/v1/orders`,
      '/',
    ])
      expect(routeTemplate(path), path).toBe(UNKNOWN_ROUTE);
  });

  it('adds no label value for junk paths, however many, and never turns a real route into `other`', () => {
    let seed = 28;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const seen = new Set<string>();
    for (let i = 0; i < 3_000; i++)
      for (const prefix of [`${P}/catalogue/api/v1`, `${P}/orders/api/v1`, `${P}/uaa/api/v1`])
        seen.add(routeTemplate(junk(prefix, random)));
    for (const value of seen) if (value !== UNKNOWN_ROUTE) expect(templates).toContain(value);
    expect(routeTemplate(`${P}/catalogue/api/v1/offerings`)).toBe(
      `${P}/catalogue/api/v1/offerings`,
    );
    expect(routeTemplate(`${P}/uaa/api/v1/auth/refresh`)).toBe(`${P}/uaa/api/v1/auth/refresh`);
    expect(routeTemplate(`${P}/orders/api/v1/orders`)).toBe(`${P}/orders/api/v1/orders`);
  });

  it('tells the service of a path', () => {
    expect(serviceOf('/cms-api/context')).toBe('cms');
    expect(serviceOf(`${P}/booking-ms/api/v1/x`)).toBe('booking-ms');
    expect(serviceOf('/elsewhere')).toBe('other');
  });
});
