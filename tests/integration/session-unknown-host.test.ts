import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultProxy } from '../support/fault-proxy';
import { rawRequest } from '../support/raw-http';
import { startTappedGateway, type TappedGateway } from '../support/tapped-gateway';

// GET /auth/session answers the shop's tenant id (ADR 0376), which it asks the CMS for. A Host
// that names no shop got a 200 with a null tenant, after a context and an account call per request
// (a Host is the visitor's to choose). It is the 421 its pages, the analytics and the report
// tunnel answer (ADR 0379): the first request learns it from one context lookup, the next within
// the minute ask the platform nothing. A pass-through proxy counts what the gateway asked.
let shop: TappedGateway;
let tap: FaultProxy;
let base: string;
beforeAll(async () => {
  shop = await startTappedGateway();
  ({ tap, base } = shop);
}, 120_000);
afterAll(() => shop?.close());

const sessionFrom = (host: string) => rawRequest(base, 'GET', '/auth/session', { host });

describe('GET /auth/session for a Host that is no shop', () => {
  it('is a 421 in the JSON error shape; after the first, the platform is not asked', async () => {
    const nowhere = `nowhere.example:${new URL(base).port}`;
    const first = await sessionFrom(nowhere);
    expect(first.status).toBe(421);
    expect(JSON.parse(first.body)).toMatchObject({ error: { code: 'misdirected_request' } });

    const from = tap.seen.length;
    for (let i = 0; i < 3; i++) expect((await sessionFrom(nowhere)).status).toBe(421);
    expect(tap.seen.slice(from)).toEqual([]);
  });

  it('answers the shop’s own Host as before: its tenant id', async () => {
    const shop = await sessionFrom(new URL(base).host);
    expect(shop.status).toBe(200);
    expect(JSON.parse(shop.body)).toEqual({ account: null, tenantId: 'fresh' });
  });
});
