import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform } from '../../platform/app';
import { startPlatform, type TestPlatform } from '../support/platform';

// GET /dev/errors groups the newest 5,000 reports by fingerprint (docs/decisions/0251, 0362): each
// group's count, its newest report's message, time and event id, the most frequent first and, of
// as many, the one seen last; each report's fingerprint stored with it, at intake, at a start or,
// for what an older platform wrote meanwhile, at a listing. On PGlite and on PostgreSQL (project
// postgres).
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(async () => platform?.close());

type Group = {
  fingerprint: string;
  message: string;
  count: number;
  lastSeen: string;
  lastEventId: string;
};
type Listing = { events: { eventId: string; receivedAt: string }[]; groups: Group[] };

const eventId = (name: string) => name.padEnd(32, '0');
const thrown = (value: string, cid: string) => ({
  platform: 'javascript',
  tags: { cid },
  exception: {
    values: [
      {
        type: 'TypeError',
        value,
        stacktrace: { frames: [{ filename: 'app.js', function: 'loader', in_app: true }] },
      },
    ],
  },
});
const failed = (cid: string) => ({
  platform: 'node',
  tags: { cid },
  message: `[503] Service Unavailable (http://platform/cms-api/context?cid=${cid})`,
  fingerprint: ['http-failure', 503, '/cms-api/context'],
});
const said = (message: string, cid: string) => ({ platform: 'node', tags: { cid }, message });

/** One envelope of events, stored in its order (the last is the newest). */
async function report(events: [string, Record<string, unknown>][]) {
  const items = events.map(([name, event]) => {
    const payload = JSON.stringify({ event_id: eventId(name), ...event });
    return `{"type":"event"}\n${payload}\n`;
  });
  const response = await fetch(`${platform.url}/dev/errors/api/1/envelope/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-sentry-envelope' },
    body: `{}\n${items.join('')}`,
  });
  expect(response.status).toBe(200);
}

async function listed(query = ''): Promise<Listing> {
  const response = await fetch(`${platform.url}/dev/errors?limit=500${query}`, {
    headers: { accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Listing;
}

/** A group as expected: its time is its newest report's, as the listing's events say. */
const group = (
  listing: Listing,
  fingerprint: string,
  message: string,
  count: number,
  last: string,
) => ({
  fingerprint,
  message,
  count,
  lastSeen: listing.events.find((event) => event.eventId === eventId(last))!.receivedAt,
  lastEventId: eventId(last),
});

const CID = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);
const ORDER = 'javascript TypeError: order <n> not found for <id> @ app.js:loader';
const CONTEXT = 'http-failure | 503 | /cms-api/context';
const SLOW = 'node Failure <n> in <n> ms';
const CHECKOUT = 'node checkout failed | checkout';
const ODD = 'node ';

describe('the error inbox groups its reports', () => {
  it('counts each group, the most frequent first, then the one seen last, with its newest report', async () => {
    await report([
      ['a1', thrown('order 1042 not found for AbCdEfGhIjKlMnOp1234', CID)],
      ['b1', failed(CID)],
      ['c1', said('Failure 7 in 12 ms', OTHER)],
      ['a2', thrown('order 7 not found for ZyXwVuTsRqPoNmLk9876', OTHER)],
      ['d1', { ...said('checkout failed', CID), fingerprint: ['{{ default }}', 'checkout'] }],
      ['c2', said('Failure 9 in 3.5 ms', CID)],
      ['b2', failed(OTHER)],
      ['a3', thrown('order 12 not found for QwErTyUiOpAsDfGh5678', CID)],
      ['e1', { platform: 'node', tags: { cid: OTHER }, fingerprint: 'not a list' }],
    ]);

    const listing = await listed();
    expect(listing.groups).toEqual([
      group(listing, ORDER, 'TypeError: order 12 not found for QwErTyUiOpAsDfGh5678', 3, 'a3'),
      group(listing, CONTEXT, failed(OTHER).message, 2, 'b2'),
      group(listing, SLOW, 'Failure 9 in 3.5 ms', 2, 'c2'),
      group(listing, ODD, '(no message)', 1, 'e1'),
      group(listing, CHECKOUT, 'checkout failed', 1, 'd1'),
    ]);

    const one = await listed(`&cid=${CID}`);
    expect(one.groups).toEqual([
      group(one, ORDER, 'TypeError: order 12 not found for QwErTyUiOpAsDfGh5678', 2, 'a3'),
      group(one, SLOW, 'Failure 9 in 3.5 ms', 1, 'c2'),
      group(one, CHECKOUT, 'checkout failed', 1, 'd1'),
      group(one, CONTEXT, failed(CID).message, 1, 'b1'),
    ]);
  });

  it('shows the groups to people in that order', async () => {
    const response = await fetch(`${platform.url}/dev/errors`, {
      headers: { accept: 'text/html' },
    });
    const page = await response.text();
    const rows = [...page.matchAll(/<td class="count">(\d+)<\/td>.*\n<td><code>([^<]*)<\/code>/g)];
    expect(rows.map(([, count, fingerprint]) => `${count} ${fingerprint}`)).toEqual([
      `3 ${ORDER.replaceAll('<', '&lt;').replaceAll('>', '&gt;')}`,
      `2 ${CONTEXT}`,
      `2 ${SLOW.replaceAll('<', '&lt;').replaceAll('>', '&gt;')}`,
      `1 ${ODD}`,
      `1 ${CHECKOUT}`,
    ]);
  });

  it('counts the newest 5,000 reports', async () => {
    const cid = 'c'.repeat(32);
    await report([['old', said('Failure 1 in 1 ms', cid)]]);
    // 5,000 more of one group, the last from another CID, in two envelopes (one would pass the
    // envelope's megabyte).
    const more = Array.from({ length: 5_000 }, (_, i): [string, Record<string, unknown>] => [
      `m${i}`,
      {
        ...said('checkout failed', i === 4_999 ? OTHER : cid),
        fingerprint: ['{{ default }}', 'checkout'],
      },
    ]);
    await report(more.slice(0, 2_500));
    await report(more.slice(2_500));

    const listing = await listed();
    expect(listing.groups.map(({ fingerprint, count }) => [fingerprint, count])).toEqual([
      [CHECKOUT, 5_000],
    ]);
    // The newest 5,000 of that CID reach back to the first.
    const one = await listed(`&cid=${cid}`);
    expect(one.groups.map(({ fingerprint, count }) => [fingerprint, count])).toEqual([
      [CHECKOUT, 4_999],
      [SLOW, 1],
    ]);
  });
});

describe("a report's fingerprint is kept with it", () => {
  const fingerprints = async (cid: string) =>
    (
      await platform.db.query<{ event_id: string; fingerprint: string | null }>(
        'select event_id, fingerprint from error_events where cid = $1 order by id',
        [cid],
      )
    ).rows.map((row) => [row.event_id, row.fingerprint]);

  it('from its intake', async () => {
    expect((await fingerprints(CID)).slice(0, 4)).toEqual([
      [eventId('a1'), ORDER],
      [eventId('b1'), CONTEXT],
      [eventId('d1'), CHECKOUT],
      [eventId('c2'), SLOW],
    ]);
  });

  it('and, for the reports stored before (migration 026), from the next start', async () => {
    const cid = 'd'.repeat(32);
    const before: [string, Record<string, unknown>][] = [
      ['p1', thrown('order 5 not found for AbCdEfGhIjKlMnOp1234', cid)],
      ['p2', failed(cid)],
      ['p3', thrown('order 6 not found for AbCdEfGhIjKlMnOp1234', cid)],
    ];
    for (const [name, event] of before)
      await platform.db.query(
        `insert into error_events (project_id, event_id, message, cid, payload)
         values ('1', $1, 'stored before', $2, $3)`,
        [eventId(name), cid, JSON.stringify({ event_id: eventId(name), ...event })],
      );
    expect(await fingerprints(cid)).toEqual(before.map(([name]) => [eventId(name), null]));

    // Another platform on the same database: its start fills them.
    const again = await buildPlatform(platform.db, platform.config);
    try {
      await again.ready();
    } finally {
      await again.close();
    }
    expect(await fingerprints(cid)).toEqual([
      [eventId('p1'), ORDER],
      [eventId('p2'), CONTEXT],
      [eventId('p3'), ORDER],
    ]);
    const listing = await listed(`&cid=${cid}`);
    expect(listing.groups).toEqual([
      group(listing, ORDER, 'stored before', 2, 'p3'),
      group(listing, CONTEXT, 'stored before', 1, 'p2'),
    ]);
  });

  it('and, for reports an older platform wrote since this one started, from the next listing', async () => {
    // A rolling deploy on one server (docs/decisions/0368): the older platform stores reports
    // without the column. Before, they were listed as a group of fingerprint null until a start.
    const cid = 'e'.repeat(32);
    await report([['q1', thrown('order 8 not found for AbCdEfGhIjKlMnOp1234', cid)]]);
    const older: [string, Record<string, unknown>][] = [
      ['q2', failed(cid)],
      ['q3', thrown('order 9 not found for AbCdEfGhIjKlMnOp1234', cid)],
    ];
    for (const [name, event] of older)
      await platform.db.query(
        `insert into error_events (project_id, event_id, message, cid, payload)
         values ('1', $1, 'by an older platform', $2, $3)`,
        [eventId(name), cid, JSON.stringify({ event_id: eventId(name), ...event })],
      );

    const listing = await listed(`&cid=${cid}`);
    expect(listing.groups).toEqual([
      group(listing, ORDER, 'by an older platform', 2, 'q3'),
      group(listing, CONTEXT, 'by an older platform', 1, 'q2'),
    ]);
    expect(await fingerprints(cid)).toEqual([
      [eventId('q1'), ORDER],
      [eventId('q2'), CONTEXT],
      [eventId('q3'), ORDER],
    ]);
    // None is left for a listing to fill: the next is one look into an empty index.
    const { rows } = await platform.db.query(
      'select count(*)::int as n from error_events where fingerprint is null',
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('a listing waits for a report another is filling, and groups it filled', async () => {
    const cid = 'f'.repeat(32);
    const event = thrown('order 10 not found for AbCdEfGhIjKlMnOp1234', cid);
    await platform.db.query(
      `insert into error_events (project_id, event_id, message, cid, payload)
       values ('1', $1, 'being filled', $2, $3)`,
      [eventId('r1'), cid, JSON.stringify({ event_id: eventId('r1'), ...event })],
    );
    // Another listing (or a start) holds the row while it fills it: this one neither skips it
    // (grouped as null) nor fills it twice.
    let listing: Promise<Listing> | undefined;
    await platform.db.transaction(async (tx) => {
      await tx.query('select id from error_events where cid = $1 for update', [cid]);
      listing = listed(`&cid=${cid}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.query('update error_events set fingerprint = $2 where cid = $1', [cid, ORDER]);
    });
    const done = await listing!;
    expect(done.groups).toEqual([group(done, ORDER, 'being filled', 1, 'r1')]);
  });
});
