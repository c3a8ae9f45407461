import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// The gateway names the visitor's address to uaa (X-Forwarded-For on its sign-in call), so that
// uaa's lockout counts per (e-mail, address) (issue #27 item 3, docs/decisions/0241): five wrong
// passwords from one visitor do not lock the shopper out at another. Behind a balancer here
// (TRUST_PROXY), each visitor is the balancer's X-Forwarded-For.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => shop?.close());

async function signIn(password: string, from: string): Promise<number> {
  const response = await fetch(`${shop.url}/auth/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf': '1',
      origin: shop.url,
      'x-forwarded-for': from,
    },
    body: JSON.stringify({ email: 'shopper@example.com', password }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('sign-in lockout through the gateway', () => {
  it("locks the guesser's address, not the shopper's", async () => {
    for (let i = 0; i < 5; i++) expect(await signIn(`wrong-${i}`, '203.0.113.66')).toBe(401);
    expect(await signIn('demo1234', '203.0.113.66')).toBe(429);
    // Before: every sign-in came from the gateway's own address to uaa, one lock for all: 429.
    expect(await signIn('demo1234', '198.51.100.23')).toBe(200);
  });
});
