import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLINK_REPORT_DAYS } from '../../platform/services/observability/blink-reports';
import { startPlatform, type TestPlatform } from '../support/platform';
import { sweepUntil } from '../support/platform-sweep';

// Blink-test reports are kept BLINK_REPORT_DAYS (docs/decisions/0345): anyone may store one (10 a
// minute per address), so a table kept forever grows for as long as the shop runs. A report past
// its days is not read any more, and the platform's sweep (at a start, then every minute; ADR
// 0363) deletes it.
const REPORTS = '/api/services/diagnostics/api/v1/blink-reports';
const report = {
  checks: [],
  userAgent: 'Test',
  javascript: false,
  clockSkewMs: null,
  roundTripMs: null,
};
const newCid = () => randomBytes(16).toString('hex');

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(async () => platform?.close());

/** A report stored `days` ago, straight into the table. */
async function storedDaysAgo(days: number): Promise<string> {
  const cid = newCid();
  await platform.db.query(
    `insert into blink_reports (cid, tenant_id, report, created_at)
     values ($1, 'fresh', $2, now() - make_interval(days => $3))`,
    [cid, JSON.stringify(report), days],
  );
  return cid;
}

const count = async (cid: string) =>
  (
    await platform.db.query<{ n: number }>(
      'select count(*)::int as n from blink_reports where cid = $1',
      [cid],
    )
  ).rows[0]!.n;

describe('blink-test reports are kept for a while, not for ever', () => {
  it('reads a report within its days and not one past them, and the sweep deletes that one', async () => {
    const recent = await storedDaysAgo(BLINK_REPORT_DAYS - 1);
    const old = await storedDaysAgo(BLINK_REPORT_DAYS + 1);
    expect((await platform.call(`${REPORTS}/${recent}`)).status).toBe(200);
    expect((await platform.call(`${REPORTS}/${old}`)).status).toBe(404);

    await sweepUntil(platform, async () => expect(await count(old)).toBe(0));
    expect(await count(recent)).toBe(1);
    const stored = await platform.call(`${REPORTS}/${newCid()}`, { method: 'PUT', body: report });
    expect(stored.status).toBe(204);
  });
});
