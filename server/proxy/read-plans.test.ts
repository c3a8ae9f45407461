import { describe, expect, it } from 'vitest';
import { changesStateOnGet } from '../plugins/csrf';
import { routePathOf } from '../request/target';
import { publicAnswerPolicy } from './public-answers';
import { readPlans } from './read-plans';
import { resolveTarget } from './services';
import { refusedLikeReplyFrom } from './stream-exchange';

const PLATFORM = 'http://127.0.0.1:4000';

// The plan is what the fast path's checks said one by one; remembering it changes no answer.
function expected(url: string) {
  const target = resolveTarget(url, PLATFORM);
  if (!target.ok) return null;
  const routePath = routePathOf(url);
  if (routePath === null || changesStateOnGet(routePath)) return null;
  const path = target.url.slice(PLATFORM.length);
  if (refusedLikeReplyFrom(path)) return null;
  return {
    service: target.service,
    upstreamUrl: target.url,
    path,
    publicPolicy: publicAnswerPolicy('GET', target.url),
  };
}

const URLS = [
  '/api/services/catalogue/api/v1/offerings/off-milk-1',
  '/api/services/catalogue/api/v1/search?q=milk',
  '/api/services/catalogue/api/v1/brands',
  '/api/services/orders/api/v1/orders?page=2',
  '/api/services/nope/x',
  '/api/services/uaa/api/v1/auth/refresh',
  '/api/services/catalogue/%2e%2e/admin',
  '/api/services/catalogue/api/v1/..%2f..%2fadmin',
  '/api/services/catalogue/api/%zz',
  '/api/services/booking-ms/api/v1/bookings/copy-booking-to-cart',
  `/api/services/catalogue/api/v1/search?q=${'m'.repeat(300)}`,
];

describe('readPlans', () => {
  it('gives each URL the answer of the checks it stands for, first and later times', () => {
    const planOf = readPlans(PLATFORM, PLATFORM);
    for (let time = 0; time < 2; time++)
      for (const url of URLS) expect(planOf(url), url).toEqual(expected(url));
    expect(planOf(URLS[0]!)).toMatchObject({
      service: 'catalogue',
      path: '/api/services/catalogue/api/v1/offerings/off-milk-1',
    });
    expect(planOf(URLS[1]!)?.publicPolicy).toMatch(/^public, max-age=\d+/);
    expect(planOf(URLS[4]!)).toBeNull();
  });

  it('keeps answering right once its memory was full and dropped', () => {
    const planOf = readPlans(PLATFORM, PLATFORM);
    for (let i = 0; i < 2_500; i++) {
      const url = `/api/services/catalogue/api/v1/search?q=${i}`;
      expect(planOf(url)?.upstreamUrl).toBe(`${PLATFORM}${url}`);
    }
    for (const url of URLS) expect(planOf(url), url).toEqual(expected(url));
  });
});
