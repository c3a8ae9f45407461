import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';
import { TENANTS } from '../support/platform';

// docs/decisions/0387: what a visitor wrote reaches the operators' inbox with its hidden
// characters shown as U+FFFD. A login holding U+202E read backwards from there on (a sign-in
// provider passes on whatever its account says; here the account is changed in the database),
// an e-mail with a zero-width space looked like another shopper's, and so did a browser's claim.
let shop: ReportingShop;
let cookie: string;
const LOGIN = 'shopper\u202Emoc.elpmaxe@nimda';
const EMAIL = 'shopper\u200B@example.com';

beforeAll(async () => {
  shop = await startReportingShop();
  const pair = await shop.platform.signIn();
  cookie = `access_token=${pair.access_token}; refresh_token=${pair.refresh_token}`;
  await shop.platform.db.query('update accounts set login = $1, email = $2 where id = $3', [
    LOGIN,
    EMAIL,
    TENANTS.fresh.accountId,
  ]);
});
afterAll(async () => shop?.close());

const SHOWN = { login: 'shopper\uFFFDmoc.elpmaxe@nimda', email: 'shopper\uFFFD@example.com' };

describe('hidden characters in the reports of the local inbox', () => {
  it("the gateway's own report names the visitor with them replaced", async () => {
    const response = await fetch(`${shop.url}/sentry-test.data?raise=loader`, {
      headers: { cookie },
    });
    expect(response.status).toBe(500);
    const cid = response.headers.get('x-correlation-id')!;
    const events = await shop.inbox(cid);
    expect(events).toHaveLength(1);
    expect(events[0]!.user).toEqual(SHOWN);
  });

  it("a browser's report names the visitor, and shows its claims, with them replaced", async () => {
    // Ten levels down, in a key and its value; past the scrub's twelve a value is cut whole.
    let deep: unknown = { 'key\u2066': 'value\u200F' };
    for (let level = 0; level < 9; level++) deep = [deep];
    const event = {
      message: 'from the \u202Ebrowser',
      extra: { deep },
      tags: { cid: 'page\u202Eevil', route: '\uFEFFx' },
    };
    const body = `${JSON.stringify({ dsn: shop.dsn })}\n{"type":"event"}\n${JSON.stringify(event)}\n`;
    const response = await fetch(`${shop.url}/monitoring`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie },
      body,
    });
    expect(response.status).toBe(200);
    const cid = response.headers.get('x-correlation-id')!;
    const [forwarded] = (await shop.inbox()).filter((e) => e.message === 'from the \uFFFDbrowser');
    expect(forwarded!.user).toEqual(SHOWN);
    expect(forwarded!.event.tags).toMatchObject({
      tunnel_cid: cid,
      cid_claimed: 'page\uFFFDevil',
      route_claimed: '\uFFFDx',
    });
    expect(JSON.stringify(forwarded!.event.extra)).toContain('{"key\uFFFD":"value\uFFFD"}');
    expect(JSON.stringify(forwarded)).not.toMatch(/[\u202E\u200B\u200F\u2066\uFEFF]/);
  });
});
