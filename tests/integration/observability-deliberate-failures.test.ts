import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_KIND_PER_MINUTE } from '../../server/observability/error-reporting';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';

// ADR 0348: /sentry-test's deliberate failures are reported under their own fault kind, `test`,
// from a budget of their own. They were exceptions: ten a minute per address (ADR 0244) from seven
// addresses used up the process's 60 exception reports a minute, and the shop's next real
// exception was dropped. Client addresses come from X-Forwarded-For (TRUST_PROXY 127.0.0.1).
let shop: ReportingShop;
beforeAll(async () => {
  shop = await startReportingShop({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => shop?.close());

/**
 * One deliberate failure from `from`: the server exception (the action, 200) or the loader error
 * (500), in turn (Sentry's Dedupe drops an event the same as the one before).
 */
async function deliberate(from: string, i: number): Promise<number> {
  const headers = { 'x-forwarded-for': from, origin: shop.url };
  const response =
    i % 2 === 0
      ? await fetch(`${shop.url}/sentry-test.data`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'intent=server',
        })
      : await fetch(`${shop.url}/sentry-test.data?raise=loader`, { headers });
  await response.arrayBuffer();
  return response.status;
}

describe("/sentry-test's deliberate failures", () => {
  it("leave the shop's real exceptions their budget", async () => {
    const addresses = Array.from({ length: 7 }, (_, n) => `203.0.113.${n + 1}`);
    const statuses: number[] = [];
    for (const from of addresses)
      for (let i = 0; i < 10; i++) statuses.push(await deliberate(from, i));
    // Every one within its address's budget: 70 failures, more than a kind's budget.
    expect(statuses).toEqual(addresses.flatMap(() => Array(5).fill([200, 500]).flat()));
    expect(statuses.length).toBeGreaterThan(REPORTS_PER_KIND_PER_MINUTE);
    shop.gateway.reporter.exception(new Error('A real fault after the tests'));
    const events = await shop.inbox();
    const real = events.filter((e) => e.message === 'Error: A real fault after the tests');
    // Before: none (dropped, the exception budget spent by the deliberate failures).
    expect(real).toHaveLength(1);
    expect((real[0]!.event.tags as Record<string, string>).fault).toBe('exception');
    // The deliberate ones went as `test`, up to their own budget.
    const tests = events.filter((e) => (e.event.tags as Record<string, string>).fault === 'test');
    expect(tests.length).toBe(REPORTS_PER_KIND_PER_MINUTE);
    expect(tests.map((e) => e.message)).toContain('Error: Sentry test: server exception');
    expect(tests.map((e) => e.message)).toContain('Error: Sentry test: loader error');
  }, 60_000);
});
