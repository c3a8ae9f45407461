import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';

// Issue #12 item 6 / ADR 0127: when the proxy answers 502 (upstream unreachable) or 504 (no answer
// in time) itself, that answer reaches the error reporters, and so the local error inbox, once, as
// "[status] statusText (url)" with the request's CID.
let shop: ReportingShop;

beforeAll(async () => {
  shop = await startReportingShop({ PROXY_TIMEOUT_MS: '1000' });
});
afterAll(async () => shop?.close());

const CATEGORIES = '/api/services/catalogue/api/v1/categories';

describe('proxy failures in the error inbox', () => {
  it.each([
    ['drop', 502, 'Bad Gateway'],
    ['hang', 504, 'Gateway Timeout'],
  ] as const)('upstream %s: one event "[%i] %s (url)"', async (fault, status, statusText) => {
    shop.faults.fail(CATEGORIES, fault);
    try {
      const response = await fetch(shop.url + CATEGORIES, { headers: { host: 'localhost' } });
      expect(response.status).toBe(status);
      const cid = response.headers.get('x-correlation-id')!;
      expect((await response.json()).error.cid).toBe(cid);
      const events = await shop.inbox(cid);
      expect(events.map((event) => event.message)).toEqual([
        `[${status}] ${statusText} (${shop.faults.url}${CATEGORIES})`,
      ]);
      expect(events[0]).toMatchObject({ cid, route: 'proxy' });
      expect(response.headers.get('x-event-id')).toBe(events[0]!.eventId);
    } finally {
      shop.faults.clear();
    }
  });

  // ADR 0210's second try after a 503: the exchange's last try decides whether there was a fault
  // the visitor saw (found by a second independent check of #28: a recovered 503 was reported).
  it.each([503, 'drop'] as const)(
    'reports a %s the second try got past not at all (ADR 0353 for a dropped connection)',
    async (fault) => {
      shop.faults.fail(CATEGORIES, fault, 1);
      try {
        const recovered = await fetch(shop.url + CATEGORIES, { headers: { host: 'localhost' } });
        expect(recovered.status).toBe(200);
        expect(await shop.inbox(recovered.headers.get('x-correlation-id')!)).toEqual([]);
      } finally {
        shop.faults.clear();
      }
    },
  );

  it('reports a 503 the second try got past not at all, and one that stayed once', async () => {
    shop.faults.fail(CATEGORIES, 503, 1);
    try {
      const recovered = await fetch(shop.url + CATEGORIES, { headers: { host: 'localhost' } });
      expect(recovered.status).toBe(200);
      expect(await shop.inbox(recovered.headers.get('x-correlation-id')!)).toEqual([]);

      shop.faults.fail(CATEGORIES, 503);
      const stayed = await fetch(shop.url + CATEGORIES, { headers: { host: 'localhost' } });
      expect(stayed.status).toBe(503);
      const cid = stayed.headers.get('x-correlation-id')!;
      const events = await shop.inbox(cid);
      expect(events.map((event) => event.message)).toEqual([
        `[503] Service Unavailable (${shop.faults.url}${CATEGORIES})`,
      ]);
      expect(stayed.headers.get('x-event-id')).toBe(events[0]!.eventId);
    } finally {
      shop.faults.clear();
    }
  });
});
