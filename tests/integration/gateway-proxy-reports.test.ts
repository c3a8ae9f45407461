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
});
