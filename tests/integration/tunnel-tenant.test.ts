import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSentryIngest, type SentryIngest } from '../support/sentry-ingest';
import { startShop, type TestShop } from '../support/shop';

// Issue #28 item 2: one `tenant` tag, the tenant id, on every report. A browser's report can
// reach a gateway that has served no page of its shop yet (a replica just started, or one the
// balancer sent the pages away from): the tunnel asks the shop's context for the tenant instead
// of sending the report without it. (Before: the tag was left out until a page was served.)
let shop: TestShop;
let ingest: SentryIngest;
beforeAll(async () => {
  ingest = await startSentryIngest();
  shop = await startShop({ SENTRY_PUBLIC_DSN: ingest.dsn });
});
afterAll(async () => {
  await shop?.close();
  await ingest?.close();
});

const envelope = (message: string) =>
  `${JSON.stringify({ dsn: ingest.dsn })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify({
    message,
    tags: { tenant: 'spoofed' },
  })}\n`;

/** The `tenant` tag of the one event the tunnel forwarded last. */
function lastTenantTag(): unknown {
  const lines = ingest.envelopes.at(-1)!.trim().split('\n');
  return (JSON.parse(lines[2]!) as { tags?: { tenant?: unknown } }).tags?.tenant;
}

const post = (message: string) =>
  fetch(`${shop.url}/monitoring`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: envelope(message),
  });

describe('the tunnel tags a report with its shop tenant before any page of the shop', () => {
  it('asks the shop context for the tenant id, and keeps it for the next report', async () => {
    expect((await post('first report after start')).status).toBe(200);
    expect(ingest.envelopes).toHaveLength(1);
    expect(lastTenantTag()).toBe('fresh');
    expect((await post('second report')).status).toBe(200);
    expect(lastTenantTag()).toBe('fresh');
  });
});
