import { describe, expect, it } from 'vitest';
import { joinEvents, parseBatch, safeLocation } from './events';

const CID = 'a'.repeat(32);
const addToCart = {
  name: 'add_to_cart',
  params: {
    currency: 'EUR',
    value: 3.5,
    items: [{ item_id: 'off-1', item_name: 'Milk', price: 1.75, quantity: 2 }],
  },
};

describe('analytics event validation', () => {
  it('takes GA4 commerce events with their parameter names', () => {
    const parsed = parseBatch(JSON.stringify({ cid: CID, events: [addToCart] }));
    expect(parsed).toEqual({ ok: true, batch: { cid: CID, events: [addToCart] } });
  });

  it('refuses what is not JSON, unknown events, unknown keys and oversized values, naming them', () => {
    expect(parseBatch('name=add_to_cart')).toEqual({ ok: false, message: 'The body is not JSON' });
    const refused = (body: unknown) => {
      const parsed = parseBatch(JSON.stringify(body));
      expect(parsed.ok).toBe(false);
      return parsed.ok ? '' : parsed.message;
    };
    expect(refused({ events: [{ name: 'login', params: {} }] })).toMatch(/^events\.0\.name/);
    // A personal field has no place to go.
    expect(refused({ events: [{ name: 'purchase', params: { email: 'a@b.c' } }] })).toMatch(
      /events\.0\.params/,
    );
    expect(
      refused({
        events: [{ name: 'add_to_cart', params: { items: [{ item_id: 'x', user: 1 }] } }],
      }),
    ).toMatch(/items\.0/);
    expect(refused({ events: [] })).toMatch(/^events/);
    expect(
      refused({ events: Array.from({ length: 21 }, () => ({ name: 'page_view', params: {} })) }),
    ).toMatch(/^events/);
    expect(
      refused({ events: [{ name: 'search', params: { search_term: 'x'.repeat(201) } }] }),
    ).toMatch(/search_term/);
    expect(refused({ events: [{ name: 'purchase', params: { currency: 'euro' } }] })).toMatch(
      /ISO 4217/,
    );
  });

  it("joins the page's CID (body, else X-Page-CID, else the request's) and the tenant", () => {
    const batch = { events: [{ name: 'page_view' as const, params: {} }] };
    const other = 'b'.repeat(32);
    const request = 'c'.repeat(32);
    expect(
      joinEvents(
        { ...batch, cid: CID },
        { headerCid: other, requestCid: request, tenant: 'fresh' },
      )[0],
    ).toMatchObject({ cid: CID, tenant: 'fresh' });
    expect(
      joinEvents(
        { ...batch, cid: 'bad' },
        { headerCid: other, requestCid: request, tenant: '' },
      )[0],
    ).toMatchObject({ cid: other, tenant: null });
    expect(
      joinEvents(batch, { headerCid: undefined, requestCid: request, tenant: 'x' })[0]!.cid,
    ).toBe(request);
  });

  it('keeps a reset or activation key out of the page location', () => {
    expect(safeLocation('/profile/reset/s3cr3tKey?x=1#top')).toBe('/profile/reset/:key?x=1');
    expect(safeLocation('https://shop.example/profile/activation/abc')).toBe(
      '/profile/activation/:key',
    );
    expect(safeLocation('/search/milk?page=2')).toBe('/search/milk?page=2');
  });
});
