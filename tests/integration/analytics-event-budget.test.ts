import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// The analytics budget counts events, not posts (ADR 0344): with RATE_LIMIT_ANALYTICS at 30 a
// minute, posts of 20 events each stored 20 rows per unit of the budget, 60 rows for three
// posts (2,400 a minute per address at the default 120/60).
let shop: TestShop;

beforeAll(async () => {
  shop = await startShop({ COOKIE_SECURE: 'false', RATE_LIMIT_ANALYTICS: '30/60' });
});
afterAll(async () => shop?.close());

const batch = (cid: string, count: number) =>
  JSON.stringify({
    cid,
    events: Array.from({ length: count }, (_, i) => ({
      name: 'purchase',
      params: { currency: 'EUR', value: 10, transaction_id: `order-${i}` },
    })),
  });

const post = (body: string, cookie = 'consent=analytics:1') =>
  fetch(`${shop.url}/analytics/events`, {
    method: 'POST',
    headers: { origin: shop.url, 'content-type': 'text/plain;charset=UTF-8', cookie },
    body,
  });

async function stored(cid: string): Promise<number> {
  const answer = await fetch(`${shop.platform.url}/dev/analytics?cid=${cid}&limit=500`, {
    headers: { accept: 'application/json' },
  });
  return ((await answer.json()) as { events: unknown[] }).events.length;
}

describe('the analytics budget', () => {
  it('counts each event of a batch: a flood of full batches stores the budget, not 20 times it', async () => {
    const cid = 'EventBudgetCid000000000000000001';
    // Batches without consent forward nothing and take nothing beyond their post.
    const unconsented = await post(batch(cid, 20), '');
    expect(await unconsented.json()).toEqual({ forwarded: 0, dropped: 20 });
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await post(batch(cid, 20));
      answers.push({ status: answer.status, body: await answer.json() });
    }
    // 1 unit for the unconsented post, then 20 forwarded, then the 9 left, then the post refused.
    expect(answers[0]).toEqual({ status: 202, body: { forwarded: 20, dropped: 0 } });
    expect(answers[1]).toEqual({ status: 202, body: { forwarded: 9, dropped: 11 } });
    expect(answers[2]!.status).toBe(429);
    expect(await stored(cid)).toBe(29);
  });
});
