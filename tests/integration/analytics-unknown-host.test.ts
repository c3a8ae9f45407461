import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID_PATTERN } from '../../shared/cid';
import type { FaultProxy } from '../support/fault-proxy';
import { rawRequest } from '../support/raw-http';
import { startTappedGateway, type TappedGateway } from '../support/tapped-gateway';

// An analytics post whose Host names no shop was forwarded to the sink with an empty tenant, after
// one CMS lookup per post (only the per-address budget bounded them). It is the 421 a page of that
// host gets (ADR 0126), in the JSON error shape: the first post learns it from the one context
// lookup, the next are refused before any platform call. A pass-through proxy between the gateway
// and the reference platform counts what the platform was asked.
let tap: FaultProxy;
let base: string;
let shop: TappedGateway;
// A small budget, so that a unit spent is seen (the posts below are well within it).
const BUDGET = 10;
beforeAll(async () => {
  shop = await startTappedGateway({ RATE_LIMIT_ANALYTICS: `${BUDGET}/60` });
  ({ tap, base } = shop);
}, 120_000);
afterAll(() => shop?.close());

const batchOf = (count: number) =>
  JSON.stringify({
    events: Array.from({ length: count }, () => ({
      name: 'view_item_list',
      params: { item_list_id: 'search', items: [] },
    })),
  });
const batch = batchOf(1);

const postFrom = (host: string) =>
  rawRequest(
    base,
    'POST',
    '/analytics/events',
    {
      host,
      origin: `http://${host}`,
      'content-type': 'text/plain;charset=UTF-8',
      cookie: 'consent=analytics:1',
    },
    batch,
  );

const platformCalls = (from: number) =>
  tap.seen.slice(from).map((seen) => `${seen.method} ${seen.url.replace(/\?.*$/, '')}`);

describe('analytics events for a Host that is no shop', () => {
  it('are a 421 in the JSON error shape, forwarded nowhere, one context lookup for all', async () => {
    const nowhere = `nowhere.example:${new URL(base).port}`;
    const from = tap.seen.length;
    for (let i = 0; i < 5; i++) {
      const answer = await postFrom(nowhere);
      expect(answer.status).toBe(421);
      expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
      const { error } = JSON.parse(answer.body) as {
        error: { code: string; message: string; cid: string };
      };
      expect(error.code).toBe('misdirected_request');
      expect(error.message).toMatch(/No shop is configured/);
      expect(error.cid).toMatch(CID_PATTERN);
    }
    expect(platformCalls(from)).toEqual(['GET /cms-api/context']);
  });

  it('of a shop are still forwarded (the shop known from one context lookup)', async () => {
    const shop = new URL(base).host;
    const from = tap.seen.length;
    for (let i = 0; i < 2; i++) {
      const answer = await postFrom(shop);
      expect(answer.status).toBe(202);
      expect(JSON.parse(answer.body)).toEqual({ forwarded: 1, dropped: 0 });
    }
    const calls = platformCalls(from);
    expect(calls.filter((call) => call === 'POST /dev/analytics/events')).toHaveLength(2);
    expect(calls.filter((call) => call === 'GET /cms-api/context')).toHaveLength(1);
  });

  it("spend nothing of the address's budget, the first one included (ADR 0364)", async () => {
    // From an address of its own (injected): a Host that is no shop, never seen before (so
    // looked up), then the shop's own events, the whole budget of them.
    const post = (host: string, count: number) =>
      shop.gateway.inject({
        method: 'POST',
        url: '/analytics/events',
        headers: {
          host,
          origin: `http://${host}`,
          'content-type': 'text/plain;charset=UTF-8',
          cookie: 'consent=analytics:1',
        },
        payload: batchOf(count),
        remoteAddress: '10.70.0.1',
      });
    for (let i = 0; i < 4; i++) expect((await post('elsewhere.example', 3)).statusCode).toBe(421);
    const own = await post('localhost', BUDGET);
    expect(own.statusCode).toBe(202);
    expect(own.json()).toEqual({ forwarded: BUDGET, dropped: 0 });
  });
});
