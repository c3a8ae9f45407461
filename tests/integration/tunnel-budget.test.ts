import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { startSentryIngest, type SentryIngest } from '../support/sentry-ingest';

// ADR 0303: the tunnel's budget (30 a minute per client address) is for events only. Envelopes
// without an event (the SDK's session of a page load, a client report) are answered and dropped,
// so a burst of page loads cannot make a real exception be refused; events keep their bound.
let gw: EndpointGateway;
let ingest: SentryIngest;
beforeAll(async () => {
  ingest = await startSentryIngest();
  gw = await startEndpointGateway({ SENTRY_PUBLIC_DSN: ingest.dsn });
});
afterAll(async () => {
  await gw?.close();
  await ingest?.close();
});

const item = (type: string, payload: object) =>
  `${JSON.stringify({ type })}\n${JSON.stringify(payload)}`;
const envelope = (...items: string[]) =>
  `${JSON.stringify({ dsn: gw.config.sentryPublicDsn })}\n${items.join('\n')}\n`;
const session = item('session', { sid: 'a', status: 'ok', init: true });
const clientReport = item('client_report', { discarded_events: [] });
const event = (message: string) => item('event', { message });

const post = (from: string, payload: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/monitoring',
    remoteAddress: from,
    headers: { host: 'shop.localhost', 'content-type': 'text/plain' },
    payload,
  });

describe('the tunnel budget counts events only', () => {
  it('60 page loads (sessions, client reports) from one address leave an exception its budget', async () => {
    ingest.envelopes.length = 0;
    for (let i = 0; i < 60; i++) {
      expect((await post('10.30.0.1', envelope(session))).statusCode).toBe(200);
      expect((await post('10.30.0.1', envelope(clientReport))).statusCode).toBe(200);
    }
    // Before: the 31st envelope was a 429 and every session went on to Sentry.
    expect(ingest.envelopes).toEqual([]);
    const exception = await post('10.30.0.1', envelope(event('browser exception')));
    expect(exception.statusCode).toBe(200);
    expect(ingest.envelopes).toHaveLength(1);
    expect(ingest.envelopes[0]).toContain('browser exception');
  });

  it('keeps the per-address bound on events: 30 a minute, then 429, whatever else is sent', async () => {
    ingest.envelopes.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      statuses.push((await post('10.30.0.2', envelope(event(`e${i}`), session))).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual(Array(5).fill(429));
    expect(ingest.envelopes).toHaveLength(30);
    // An envelope with an event and a session item goes on with its event alone (ADR 0337).
    expect(ingest.envelopes[0]).toContain('"type":"event"');
    expect(ingest.envelopes[0]).not.toContain('"type":"session"');
    // Over the budget, an envelope without an event is still answered (and dropped).
    expect((await post('10.30.0.2', envelope(session))).statusCode).toBe(200);
    expect(ingest.envelopes).toHaveLength(30);
    // Another address has its own budget.
    expect((await post('10.30.0.3', envelope(event('other')))).statusCode).toBe(200);
  });

  it('still refuses an envelope for another DSN, event or not', async () => {
    const foreign = `${JSON.stringify({ dsn: 'http://otherkey@127.0.0.1:1/42' })}\n${session}\n`;
    expect((await post('10.30.0.4', foreign)).statusCode).toBe(400);
  });

  // Reading an envelope costs the gateway up to milliseconds (parsed, scrubbed): found in review.
  it("refuses an address's event once its events are spent, before reading the envelope", async () => {
    for (let i = 0; i < 30; i++) await post('10.30.0.5', envelope(event(`e${i}`)));
    // Malformed after its event item: read, it would be a 400; unread, it is the budget's 429.
    const unread = `${envelope(event('over'))}{not json\n`;
    expect((await post('10.30.0.5', unread)).statusCode).toBe(429);
    expect((await post('10.30.0.6', unread)).statusCode).toBe(400);
  });

  it('bounds every post an address sends, event or not, at 240 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 245; i++)
      statuses.push((await post('10.30.0.7', envelope(clientReport))).statusCode);
    expect(statuses.slice(0, 240)).toEqual(Array(240).fill(200));
    expect(statuses.slice(240)).toEqual(Array(5).fill(429));
  });
});
