import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import { uaaPaths } from '../../shared/contracts/uaa';
import type { FakeResponse, FakeUpstream } from '../support/fake-upstream';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// The cart form without JavaScript (POST /cart) of a visitor who holds a session while uaa cannot
// answer for it. ADR 0022: a flaky uaa never signs anyone out. Before, the form's action found no
// usable token and started a guest session over the visitor's cookies: signed out, the item in a
// throwaway guest cart. Now no guest session is made and no cookie is set; the action fails as a
// cart change that could not be made, and the visitor, still signed in, may try again.
let gw: PageGateway;
let guests = 0;
const CART_ITEM = bookingPaths.item('fresh');
const FORM = new URLSearchParams({
  intent: 'set',
  offeringId: 'offering-1',
  byCase: 'false',
  quantity: '1',
  returnTo: '/',
}).toString();

beforeAll(async () => {
  gw = await startPageGateway();
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});
beforeEach(() => {
  gw.logs.length = 0;
  gw.upstream.reset();
  serveContext(gw.upstream);
  gw.upstream.on('POST', uaaPaths.guest, () => ({ body: pair(`guest-${++guests}`) }));
  gw.upstream.on('*', /\/api\/services\/booking-ms\//, { body: { items: [] } });
});

const pair = (name: string) => ({
  access_token: `${name}-access`,
  refresh_token: `${name}-refresh`,
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 86_400,
});

/** An unsigned JWT-shaped token with `seconds` left (the gateway reads exp, never verifies). */
function jwt(name: string, seconds: number): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: 'ES256' })}.${part({ sub: name, exp })}.c2ln`;
}

/** The message a shopper without JavaScript reads on the page: the cart panel's alert. */
const shownAlert = (html: string) =>
  /<p class="quantity-message" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? null;

const postCart = (cookie: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/cart',
    payload: FORM,
    headers: {
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
  });

const ANN = { id: 'ann', login: 'ann@example.com', email: 'ann@example.com' };

/** uaa answering every account call for Ann and every renewal with `pair(name)`: it is back. */
function uaaIsBack(upstream: FakeUpstream, name: string) {
  upstream.on('GET', uaaPaths.account, { body: ANN });
  upstream.on('POST', uaaPaths.refresh, { body: pair(name) });
}

// [what uaa does, the visitor's access token, uaa's script]
const FLAKY: [string, string, (upstream: FakeUpstream) => void][] = [
  [
    'the account call answers 503',
    'ann-access',
    (upstream) => upstream.on('GET', uaaPaths.account, { status: 503, body: { error: 'busy' } }),
  ],
  [
    'the account call times out',
    'ann-access',
    (upstream) => upstream.on('GET', uaaPaths.account, { delayMs: 1_500, body: ANN }),
  ],
  [
    'the account call loses its connection',
    'ann-access',
    (upstream) => upstream.on('GET', uaaPaths.account, { destroy: true }),
  ],
  [
    'the token is refused and its renewal answers 502',
    'ann-access',
    (upstream) => {
      upstream.on('GET', uaaPaths.account, { status: 401, body: { error: 'invalid_token' } });
      upstream.on('POST', uaaPaths.refresh, { status: 502, body: { error: 'bad gateway' } });
    },
  ],
  [
    'the early renewal (30 s left) and the account call answer 503',
    jwt('ann', 30),
    (upstream) => {
      const busy: FakeResponse = { status: 503, body: { error: 'busy' } };
      upstream.on('POST', uaaPaths.refresh, busy);
      upstream.on('GET', uaaPaths.account, busy);
    },
  ],
];

describe('POST /cart while uaa cannot answer for the visitor’s session', () => {
  it.each(FLAKY.map((row, i) => [...row, i] as const))(
    '%s: no guest session, no cookie set, the change fails; the visitor stays signed in',
    async (_name, access, script, i) => {
      script(gw.upstream);
      const cookie = `access_token=${access}; refresh_token=ann-refresh-${i}`;

      const failed = await postCart(cookie);

      // As a cart change booking-ms could not make: the cart page, an error status, the message.
      expect(failed.statusCode).toBe(503);
      expect(shownAlert(failed.body)).toBe(
        'Could not start a session for your cart. Please try again.',
      );
      expect(failed.headers['set-cookie']).toBeUndefined();
      expect(gw.upstream.received(uaaPaths.guest)).toHaveLength(0);
      expect(gw.upstream.received(CART_ITEM)).toHaveLength(0);
      expect(gw.logs.some((l) => /no guest session made/.test(String(l.msg)))).toBe(true);

      // uaa is back: the same cookies change the visitor's own cart, and the page knows them.
      uaaIsBack(gw.upstream, `ann-${i}`);
      const retried = await postCart(cookie);
      expect(retried.statusCode).toBe(302);
      expect(String(retried.headers['set-cookie'] ?? '')).not.toMatch(/guest-/);
      expect(gw.upstream.received(uaaPaths.guest)).toHaveLength(0);
      const [put] = gw.upstream.received(CART_ITEM);
      expect(put?.headers.authorization).toMatch(/^Bearer (ann-|ey)/);
      const session = await gw.app.inject({
        method: 'GET',
        url: '/auth/session',
        headers: { host: 'localhost:3000', cookie },
      });
      expect(session.json()).toEqual({ account: ANN, tenantId: 'fresh' });
    },
  );
});

// Unchanged: how a failed cart change answers, and where a guest session is still right (the
// visitor has none, or uaa ended theirs).
describe('POST /cart, the answers the fix leaves as they were', () => {
  it('a change booking-ms could not make: the cart page, 502, "Please try again."', async () => {
    gw.upstream.on('GET', uaaPaths.account, { body: ANN });
    gw.upstream.on('PUT', CART_ITEM, { status: 500, body: { error: { message: 'boom' } } });
    const res = await postCart('access_token=ann-access; refresh_token=ann-refresh');
    expect(res.statusCode).toBe(502);
    expect(shownAlert(res.body)).toBe(
      'Your cart could not be changed right now. Please try again.',
    );
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('without cookies: a guest session is made and the item goes to its cart', async () => {
    const res = await postCart('');
    expect(res.statusCode).toBe(302);
    expect(String(res.headers['set-cookie'])).toMatch(/refresh_token=guest-\d+-refresh/);
    expect(gw.upstream.received(CART_ITEM)[0]?.headers.authorization).toMatch(/^Bearer guest-/);
  });

  it('when uaa ended the session (invalid_grant): cookies cleared, a guest session made', async () => {
    gw.upstream.on('GET', uaaPaths.account, { status: 401, body: { error: 'invalid_token' } });
    gw.upstream.on('POST', uaaPaths.refresh, { status: 400, body: { error: 'invalid_grant' } });
    const res = await postCart('access_token=ended-access; refresh_token=ended-refresh');
    expect(res.statusCode).toBe(302);
    expect(String(res.headers['set-cookie'])).toMatch(/refresh_token=guest-\d+-refresh/);
    expect(gw.upstream.received(uaaPaths.guest)).toHaveLength(1);
  });
});
