import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';
import { DEMO } from '../support/platform';

// Issue #7, "Checked by": a failing context call, a failing proxied call and a loader error each
// reach the error inbox as exactly one event with the right message, CID and user, and no secret.
let shop: ReportingShop;
let cookie: string;
let secrets: string[];

beforeAll(async () => {
  shop = await startReportingShop();
  const pair = await shop.platform.signIn();
  cookie = `access_token=${pair.access_token}; refresh_token=${pair.refresh_token}`;
  secrets = [pair.access_token, pair.refresh_token, DEMO.password];
});
afterAll(async () => shop?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(shop.url + path, { headers: { cookie, ...headers }, redirect: 'manual' });

function expectNoSecret(event: unknown) {
  const text = JSON.stringify(event);
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/access_token=|refresh_token=|Bearer /);
}

describe('server error reports in the local inbox', () => {
  it('a failing context call: one event "[503] Service Unavailable (…/cms-api/context…)" with the user', async () => {
    shop.faults.fail('/cms-api/context', 503);
    const response = await get('/');
    shop.faults.clear();
    expect(response.status).toBe(502);
    const cid = response.headers.get('x-correlation-id')!;
    expect(await response.text()).toContain(cid);
    const events = await shop.inbox(cid);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.message).toMatch(
      new RegExp(
        `^\\[503\\] Service Unavailable \\(${shop.faults.url}/cms-api/context\\?cid=${cid}&`,
      ),
    );
    expect(event!.cid).toBe(cid);
    expect(event!.user).toEqual({ login: expect.any(String), email: DEMO.email });
    expect(response.headers.get('x-event-id')).toBe(event!.eventId);
    expectNoSecret(event);
  });

  it('a proxied call the visitor got wrong (404) is their answer, not a report', async () => {
    const path = '/api/services/orders/api/v1/orders/no-such-order';
    const response = await get(path, { 'x-csrf': '1' });
    expect(response.status).toBe(404);
    const cid = response.headers.get('x-correlation-id')!;
    expect(await shop.inbox(cid)).toEqual([]);
    expect(response.headers.get('x-event-id')).toBeNull();
  });

  it('a failing proxied call: one event "[500] Internal Server Error (…)" with the user, its own CID', async () => {
    const path = '/api/services/orders/api/v1/orders';
    shop.faults.fail('/api/services/orders/api/v1/orders', 500);
    const response = await get(path, { 'x-csrf': '1' });
    shop.faults.clear();
    expect(response.status).toBe(500);
    const cid = response.headers.get('x-correlation-id')!;
    const events = await shop.inbox(cid);
    expect(events).toHaveLength(1);
    expect(events[0]!.message).toBe(`[500] Internal Server Error (${shop.faults.url}${path})`);
    expect(events[0]!.user).toEqual({ login: expect.any(String), email: DEMO.email });
    expect(events[0]!.route).toBe('proxy');
    expect(response.headers.get('x-event-id')).toBe(events[0]!.eventId);
    expectNoSecret(events[0]);
  });

  it('a loader error: one exception event tagged with CID, tenant, route and build', async () => {
    const response = await get('/sentry-test.data?raise=loader');
    expect(response.status).toBe(500);
    const cid = response.headers.get('x-correlation-id')!;
    const events = await shop.inbox(cid);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.message).toBe('Error: Sentry test: loader error');
    expect(event!).toMatchObject({ cid, tenant: 'fresh', route: 'sentry-test' });
    expect((event!.event.tags as Record<string, string>).build).toMatch(/\w/);
    expect(event!.user).toEqual({ login: expect.any(String), email: DEMO.email });
    expect(response.headers.get('x-event-id')).toBe(event!.eventId);
    expectNoSecret(event);
  });

  it('a server exception from /sentry-test names its event id on the page', async () => {
    const page = await get('/sentry-test');
    const html = await page.text();
    expect(html).toContain('Server reporting is <strong>on</strong>');
    const response = await fetch(`${shop.url}/sentry-test.data`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
      body: 'intent=server',
    });
    const cid = response.headers.get('x-correlation-id')!;
    const body = await response.text();
    const events = await shop.inbox(cid);
    expect(events).toHaveLength(1);
    expect(events[0]!.message).toBe('Error: Sentry test: server exception');
    expect(body).toContain(events[0]!.eventId);
  });

  it("a browser's report naming a malformed CID is listed under the tunnel's, the claim kept", async () => {
    // Random text, which the CID's index cannot compress: before, the inbox failed (the tunnel 502).
    const claimed = Array.from({ length: 9_000 }, () => Math.random().toString(36)[2]).join('');
    const event = { message: 'browser report', release: 'v6.6.6', tags: { cid: claimed } };
    const answer = await fetch(`${shop.url}/monitoring`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `${JSON.stringify({ dsn: shop.dsn })}\n{"type":"event"}\n${JSON.stringify(event)}\n`,
    });
    expect(answer.status).toBe(200);
    const cid = answer.headers.get('x-correlation-id')!;
    const events = await shop.inbox(cid);
    expect(events.map((listed) => listed.message)).toEqual(['browser report']);
    expect(events[0]!.event).not.toHaveProperty('release');
    expect(events[0]!.event.tags).toMatchObject({
      cid,
      tunnel_cid: cid,
      cid_claimed: `${claimed.slice(0, 64)}…`,
      release_claimed: 'v6.6.6',
    });
  });

  it("one page's reports, the gateway's and its browser's, are listed under one route and shop", async () => {
    // The cart page (/cart): the gateway's request line and metrics name it `cart`, React Router
    // `routes/cart-action`, the id its browser's report names (ADR 0373: was listed as that).
    shop.faults.fail('/cms-api/context', 503);
    const page = await get('/cart');
    shop.faults.clear();
    expect(page.status).toBe(502);
    const [server] = await shop.inbox(page.headers.get('x-correlation-id')!);
    const event = { message: 'browser report', tags: { route: 'routes/cart-action' } };
    const answer = await fetch(`${shop.url}/monitoring`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: `${JSON.stringify({ dsn: shop.dsn })}\n{"type":"event"}\n${JSON.stringify(event)}\n`,
    });
    expect(answer.status).toBe(200);
    const [browser] = await shop.inbox(answer.headers.get('x-correlation-id')!);
    for (const listed of [server!, browser!]) {
      expect(listed.route).toBe('cart');
      expect((listed.event.tags as Record<string, string>).shop).toBe('localhost');
    }
  });

  it('the inbox page lists the reports for people', async () => {
    const response = await fetch(`${shop.platform.url}/dev/errors`, {
      headers: { accept: 'text/html' },
    });
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Sentry test: loader error');
  });
});
