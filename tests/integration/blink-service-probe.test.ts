import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLINK_SERVICE_PROBES,
  BLINK_SERVICES_PATH,
  type BlinkServiceAnswers,
} from '../../shared/contracts/blink';
import { startShop, type TestShop } from '../support/shop';

// /blink-test's service probe, asked by the page's script (issue #29 item 5, ADR 0273): the
// gateway asks every proxied service and answers 200 with their statuses, so a guest's browser
// sees no 401 of its own; each request costs a call per service, within a budget per address.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop?.close());

describe('GET /blink-test/services', () => {
  it("answers a guest 200 with each service's status to the gateway, never cached", async () => {
    const answer = await fetch(`${shop.url}${BLINK_SERVICES_PATH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const { services } = (await answer.json()) as BlinkServiceAnswers;
    expect(Object.keys(services).sort()).toEqual(BLINK_SERVICE_PROBES.map((p) => p.service).sort());
    // The services that need an account refuse a guest: reachable all the same.
    expect(services).toMatchObject({ catalogue: 200, uaa: 401, orders: 401, profile: 401 });
  });

  it('counts against a budget per client address: 429 with Retry-After beyond it', async () => {
    let answer: Response | null = null;
    for (let i = 0; i < 40; i++) {
      answer = await fetch(`${shop.url}${BLINK_SERVICES_PATH}`);
      if (answer.status === 429) break;
      await answer.arrayBuffer();
    }
    expect(answer!.status).toBe(429);
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await answer!.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
  });
});
