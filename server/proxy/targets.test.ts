import { describe, expect, it } from 'vitest';
import { DEFAULT_PROXIED_SERVICES } from '../upstream/service-urls';
import { proxyTargetOf, proxyTargets } from './targets';

const SERVICES = new Set<string>(DEFAULT_PROXIED_SERVICES);
const targetOf = (url: string) => proxyTargetOf(url, SERVICES);

const ACCEPTED = [
  '/api/services/catalogue/api/v1/offerings/off-milk-1',
  '/api/services/catalogue/api/v1/search?q=milk',
  '/api/services/orders/api/v1/orders?page=2',
  `/api/services/catalogue/api/v1/search?q=${'m'.repeat(300)}`,
  '/api/services/booking-ms/api/v1/bookings/b1/copyBookingToCart',
];
const REFUSED: [string, number][] = [
  ['/api/services/nope/x', 404], // unknown service
  ['/api/services/uaa/api/v1/auth/refresh', 404], // token endpoint
  ['/api/services/catalogue/%2e%2e/admin', 400], // dot segment
  ['/api/services/catalogue/api/v1/..%2f..%2fadmin', 400], // `..` once decoded
  ['/api/services/catalogue/api/v1/x?next=../../admin', 400], // `..` in the query
  ['/api/services/catalogue/api/%zz', 400], // not decodable
];

describe('proxyTargetOf', () => {
  it('accepts known services and paths, with the upstream path and what the URL says', () => {
    expect(targetOf(ACCEPTED[0]!)).toEqual({
      ok: true,
      service: 'catalogue',
      path: ACCEPTED[0],
      publicPolicy: null, // offerings carry stock and prices: never public
      changesState: false,
    });
    expect(targetOf(ACCEPTED[1]!)).toMatchObject({
      publicPolicy: expect.stringMatching(/^public, max-age=\d+, stale-while/),
    });
    expect(targetOf(ACCEPTED[2]!)).toMatchObject({ service: 'orders', publicPolicy: null });
    expect(targetOf(ACCEPTED[3]!)).toMatchObject({ service: 'catalogue' });
    expect(targetOf(ACCEPTED[4]!)).toMatchObject({ service: 'booking-ms', changesState: true });
  });

  it.each(REFUSED)('refuses %s with %d', (url, status) => {
    expect(targetOf(url)).toMatchObject({ ok: false, status });
  });
});

describe('proxyTargets', () => {
  const all = [...ACCEPTED, ...REFUSED.map(([url]) => url)];

  it('answers as proxyTargetOf, the first time and the next ones', () => {
    const remembered = proxyTargets(DEFAULT_PROXIED_SERVICES);
    for (let time = 0; time < 2; time++)
      for (const url of all) expect(remembered(url), url).toEqual(targetOf(url));
  });

  it('keeps answering right once its memory was full and dropped', () => {
    const remembered = proxyTargets(DEFAULT_PROXIED_SERVICES);
    for (let i = 0; i < 2_500; i++) {
      const url = `/api/services/catalogue/api/v1/search?q=${i}`;
      expect(remembered(url)).toMatchObject({ path: url });
    }
    for (const url of all) expect(remembered(url), url).toEqual(targetOf(url));
  });
});
