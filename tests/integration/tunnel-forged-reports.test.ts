import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookie-jar';
import { startSentryIngest, type SentryIngest } from '../support/sentry-ingest';
import { startShop, type TestShop } from '../support/shop';

// Third attack round, the browser's report tunnel (docs/decisions/0337): anyone can post to
// /monitoring. Before, an anonymous curl's event reached Sentry naming any shopper as its user
// (`user: { id: 'victim', email: … }`), items of any other type rode along unscrubbed with the
// event's one unit of budget (a transaction naming another user and tenant), 200 events in one
// envelope went on as 200 reports, and an event that was JSON but no object (`null`, `1`) was a
// 500 and a server exception report each.
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

const FORGED = { id: 'victim-id', username: 'victim', email: 'victim@example.com' };
const item = (type: string, payload: unknown) =>
  `${JSON.stringify({ type })}\n${JSON.stringify(payload)}`;
const envelope = (...items: string[]) =>
  `${JSON.stringify({ dsn: ingest.dsn })}\n${items.join('\n')}\n`;
const event = (message: string) => item('event', { message, user: FORGED });

const post = (body: string, cookie?: string) =>
  fetch(`${shop.url}/monitoring`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...(cookie ? { cookie } : {}) },
    body,
  });

/** The items (header, payload) of the one envelope the tunnel forwarded since `before`. */
function forwardedSince(before: number): { type: unknown; payload: Record<string, unknown> }[] {
  expect(ingest.envelopes.length - before).toBe(1);
  const lines = ingest.envelopes.at(-1)!.trim().split('\n').slice(1);
  const items = [];
  for (let i = 0; i < lines.length; i += 2) {
    items.push({
      type: (JSON.parse(lines[i]!) as { type?: unknown }).type,
      payload: JSON.parse(lines[i + 1]!) as Record<string, unknown>,
    });
  }
  return items;
}

describe("the tunnel passes on one event, naming the gateway's visitor", () => {
  it("a guest's event names no user, whoever it claims", async () => {
    const before = ingest.envelopes.length;
    expect((await post(envelope(event('guest claims a shopper')))).status).toBe(200);
    const [only] = forwardedSince(before);
    expect(only!.payload.message).toBe('guest claims a shopper');
    expect(only!.payload.user).toBeUndefined();
  });

  it("a signed-in shopper's event names that shopper, not the one it claims", async () => {
    const jar = new CookieJar();
    const signIn = await jar.fetch(`${shop.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: shop.url },
      body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    });
    expect(signIn.status).toBe(200);
    const token = decodeURIComponent(
      /(?:^|; )access_token=([^;]+)/.exec(jar.header(shop.url))![1]!,
    );
    const account = (await (
      await shop.platform.call('/api/services/uaa/api/v1/account', { token })
    ).json()) as { id: unknown };

    const before = ingest.envelopes.length;
    const answer = await post(envelope(event('shopper claims another')), jar.header(shop.url));
    expect(answer.status).toBe(200);
    const [only] = forwardedSince(before);
    expect(only!.payload.user).toEqual({
      id: String(account.id),
      username: expect.any(String),
      email: 'shopper@example.com',
    });
  });

  it('drops the items beside the event: only the event goes on', async () => {
    const before = ingest.envelopes.length;
    const body = envelope(
      event('with riders'),
      item('transaction', { user: FORGED, tags: { tenant: 'evil' } }),
      item('user_report', { name: 'victim', email: FORGED.email, comments: 'x' }),
    );
    expect((await post(body)).status).toBe(200);
    const items = forwardedSince(before);
    expect(items.map((forwarded) => forwarded.type)).toEqual(['event']);
    expect(ingest.envelopes.at(-1)).not.toContain('victim');
  });

  it('refuses an envelope of two events, passing on neither', async () => {
    const before = ingest.envelopes.length;
    const answer = await post(envelope(event('first of two'), event('second of two')));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('bad_envelope');
    expect(ingest.envelopes.length).toBe(before);
  });

  it.each(['null', '1', '"text"', '[]'])(
    'refuses an event that is %s, not an object, as a bad envelope (400, not 500)',
    async (payload) => {
      const before = ingest.envelopes.length;
      const body = `${JSON.stringify({ dsn: ingest.dsn })}\n{"type":"event"}\n${payload}\n`;
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
        'bad_envelope',
      );
      expect(ingest.envelopes.length).toBe(before);
    },
  );

  it.each([
    ['an envelope header', `null\n{"type":"event"}\n{"message":"m"}\n`],
    ['an item header', () => `${JSON.stringify({ dsn: ingest.dsn })}\nnull\n{"message":"m"}\n`],
  ])('refuses %s that is null as a bad envelope (400, not 500)', async (_what, body) => {
    const before = ingest.envelopes.length;
    const answer = await post(typeof body === 'function' ? body() : body);
    expect(answer.status).toBe(400);
    expect(ingest.envelopes.length).toBe(before);
  });
});
