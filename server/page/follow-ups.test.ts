import { describe, expect, it } from 'vitest';
import { createFollowUps } from './follow-ups';

describe('follow-up calls (ADR 0270)', () => {
  const products = '/api/services/catalogue/api/v1/offerings?ids=a,b';
  const list = '/api/services/shopping-lists/api/v1/lists/list-1';

  it("remembers a session's cart products for any page, and its newest list for the lists page", () => {
    const memo = createFollowUps();
    memo.saw('s1', '/', products);
    memo.saw('s1', '/shopping-lists', list);
    expect(memo.get('s1', '/orders')).toEqual({ personal: products, page: undefined });
    expect(memo.get('s1', '/shopping-lists')).toEqual({ personal: products, page: list });
    expect(memo.get('s2', '/shopping-lists')).toEqual({ personal: undefined, page: undefined });
  });

  it('remembers nothing else: other calls, other pages, a list sub-path', () => {
    const memo = createFollowUps();
    memo.saw('s1', '/', '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh');
    memo.saw('s1', '/orders', list);
    memo.saw('s1', '/shopping-lists', `${list}/items`);
    memo.saw(
      's1',
      '/shopping-lists',
      '/api/services/booking-ms/api/v1/bookings/cart/copyBookingToCart?bookingId=x',
    );
    expect(memo.get('s1', '/shopping-lists')).toEqual({ personal: undefined, page: undefined });
  });
});
