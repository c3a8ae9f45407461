import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';

// Reset and activation keys never reach an error report (issue #7 item 2, ADR 0133). The page's
// path travels to the platform inside the context call's query, percent-encoded JSON
// (`url=%7B...%22pathname%22%3A%22%2Fprofile%2Freset%2F<key>%22%7D`): when that call fails, its
// report ("[503] Service Unavailable (url)", specification section 8) named the key, which the
// scrubber only knew in a plain path. Whoever reads the reports could reset the password.
let shop: ReportingShop;

beforeAll(async () => {
  shop = await startReportingShop();
});
afterAll(async () => shop?.close());

describe("a failed context call's report", () => {
  for (const path of ['/profile/reset/', '/profile/activation/'])
    it(`names no key of ${path}`, async () => {
      const key = `SECRETKEY${Math.random().toString(36).slice(2, 12)}`;
      shop.faults.fail('/cms-api/context', 503);
      const response = await fetch(`${shop.url}${path}${key}`);
      shop.faults.clear();
      const cid = response.headers.get('x-correlation-id')!;
      const events = await shop.inbox(cid);
      expect(events).toHaveLength(1);
      expect(events[0]!.message).toMatch(/^\[503\] Service Unavailable \(.*\/cms-api\/context\?/);
      expect(JSON.stringify(events[0])).not.toContain(key);
    });
});
