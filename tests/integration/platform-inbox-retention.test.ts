import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPlatform } from '../../platform/app';
import { startPlatform, type TestPlatform } from '../support/platform';

// The development inboxes are bounded (docs/decisions/0359): the shipped deployments feed the
// error and analytics inboxes from public traffic, and uaa and orders write every e-mail to the
// outbox, so each keeps its newest rows and its last days, not everything for ever. Small bounds
// here; the defaults are in platform/config.ts. On PGlite and on PostgreSQL (project postgres).
const ERRORS = { keep: 5, days: 30 };
const ANALYTICS = { keep: 7, days: 7 };
const OUTBOX = { keep: 4, days: 30 };

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({
    seeds: ['core'],
    config: {
      errorInboxRetention: ERRORS,
      analyticsInboxRetention: ANALYTICS,
      outboxRetention: OUTBOX,
    },
  });
});
afterAll(async () => platform?.close());

const count = async (table: string) =>
  (await platform.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

const eventId = (i: number) => i.toString(16).padStart(32, '0');
const report = (i: number) =>
  fetch(`${platform.url}/dev/errors/api/1/envelope/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-sentry-envelope' },
    body: `{}\n{"type":"event"}\n${JSON.stringify({ event_id: eventId(i), message: `Failure ${i}` })}\n`,
  });
const listed = async <T>(path: string): Promise<T> => {
  const response = await fetch(platform.url + path, { headers: { accept: 'application/json' } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

describe('the error inbox keeps its newest reports and its days', () => {
  it('holds at most its bound after more reports, the newest, and still lists them', async () => {
    for (let i = 1; i <= 3 * ERRORS.keep; i++) expect((await report(i)).status).toBe(200);

    expect(await count('error_events')).toBe(ERRORS.keep);
    const { events } = await listed<{ events: { eventId: string }[] }>('/dev/errors?limit=500');
    const newest = Array.from({ length: ERRORS.keep }, (_, k) => eventId(3 * ERRORS.keep - k));
    expect(events.map((event) => event.eventId)).toEqual(newest);
  });

  it('deletes the reports past their days with the next one', async () => {
    // The oldest three kept (11-13) came days ago; the count alone would delete one.
    await platform.db.query(
      `update error_events set received_at = now() - make_interval(days => $1)
       where id in (select id from error_events order by id limit 3)`,
      [ERRORS.days + 1],
    );
    expect((await report(100)).status).toBe(200);
    const { events } = await listed<{ events: { eventId: string }[] }>('/dev/errors');
    expect(events.map((event) => event.eventId)).toEqual([100, 15, 14].map(eventId));
  });
});

describe('the analytics inbox keeps its newest events and its days', () => {
  const batch = (from: number) => ({
    events: Array.from({ length: 5 }, (_, k) => ({
      name: 'page_view',
      cid: 'c'.repeat(32),
      params: { n: from + k },
    })),
  });

  it('holds at most its bound after more batches, the newest, and still lists them', async () => {
    for (let from = 0; from < 20; from += 5) {
      const stored = await platform.call('/dev/analytics/events', {
        method: 'POST',
        body: batch(from),
      });
      expect(stored.status).toBe(202);
    }

    expect(await count('analytics_events')).toBe(ANALYTICS.keep);
    const { events } = await listed<{ events: { params: { n: number } }[] }>(
      `/dev/analytics?cid=${'c'.repeat(32)}`,
    );
    expect(events.map((event) => event.params.n)).toEqual([19, 18, 17, 16, 15, 14, 13]);
  });
});

describe('the outbox keeps its newest e-mails and its days', () => {
  it('is swept when the platform starts (and every minute), by count and by age', async () => {
    await platform.db.query('delete from outbox');
    // Six e-mails, the first three past their days: the count alone would keep 3-6.
    for (let i = 1; i <= 6; i++) {
      await platform.db.query(
        `insert into outbox (tenant_id, to_email, kind, subject, body, created_at)
         values ('fresh', $1, 'activation', 'Activate', 'Body', now() - make_interval(days => $2))`,
        [`shopper${i}@example.com`, i <= 3 ? OUTBOX.days + 1 : 0],
      );
    }
    // Another platform on the same database: its start sweeps the outbox.
    const again = await buildPlatform(platform.db, { ...platform.config, outboxRetention: OUTBOX });
    try {
      await again.ready();
      await vi.waitFor(async () => expect(await count('outbox')).toBe(3), { timeout: 10_000 });
    } finally {
      await again.close();
    }
    const { messages } = await listed<{ messages: { to: string }[] }>('/dev/outbox');
    expect(messages.map((message) => message.to)).toEqual(
      [6, 5, 4].map((i) => `shopper${i}@example.com`),
    );
  });
});
