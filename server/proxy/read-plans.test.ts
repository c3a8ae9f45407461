import { describe, expect, it } from 'vitest';
import { readPlanOf, readPlans } from './read-plans';

const PLATFORM = 'http://127.0.0.1:4000';
const planOf = (url: string) => readPlanOf(url, PLATFORM, PLATFORM);

// Which reads the fast path may serve itself, by their URL alone; null: Fastify's path answers.
const SERVED = [
  '/api/services/catalogue/api/v1/offerings/off-milk-1',
  '/api/services/catalogue/api/v1/search?q=milk',
  '/api/services/orders/api/v1/orders?page=2',
  `/api/services/catalogue/api/v1/search?q=${'m'.repeat(300)}`,
];
const REFUSED = [
  '/api/services/nope/x', // unknown service
  '/api/services/uaa/api/v1/auth/refresh', // token endpoint
  '/api/services/catalogue/%2e%2e/admin', // dot segment
  '/api/services/catalogue/api/v1/..%2f..%2fadmin', // reply-from's `..` refusal
  '/api/services/catalogue/api/%zz', // not decodable
  '/api/services/booking-ms/api/v1/bookings/b1/copyBookingToCart', // a write by CSRF rules
];

describe('readPlanOf', () => {
  it('serves known services and paths, with the upstream URL and path', () => {
    expect(planOf(SERVED[0]!)).toEqual({
      service: 'catalogue',
      path: SERVED[0],
      publicPolicy: null, // offerings carry stock and prices: never public
    });
    expect(planOf(SERVED[1]!)?.publicPolicy).toMatch(/^public, max-age=\d+, stale-while/);
    expect(planOf(SERVED[2]!)).toMatchObject({ service: 'orders', publicPolicy: null });
    expect(planOf(SERVED[3]!)?.service).toBe('catalogue');
  });

  it.each(REFUSED)('leaves %s to Fastify', (url) => {
    expect(planOf(url)).toBeNull();
  });
});

describe('readPlans', () => {
  it('answers as readPlanOf, the first time and the next ones', () => {
    const remembered = readPlans(PLATFORM, PLATFORM);
    for (let time = 0; time < 2; time++)
      for (const url of [...SERVED, ...REFUSED]) expect(remembered(url), url).toEqual(planOf(url));
  });

  it('keeps answering right once its memory was full and dropped', () => {
    const remembered = readPlans(PLATFORM, PLATFORM);
    for (let i = 0; i < 2_500; i++) {
      const url = `/api/services/catalogue/api/v1/search?q=${i}`;
      expect(remembered(url)?.path).toBe(url);
    }
    for (const url of [...SERVED, ...REFUSED]) expect(remembered(url), url).toEqual(planOf(url));
  });
});
