import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import { uaaPaths } from '../../shared/contracts/uaa';
import {
  startEndpointGateway,
  type EndpointGateway,
  SHOP,
  WRITE,
} from '../support/endpoint-gateway';
import type { FakeResponse } from '../support/fake-upstream';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// A request that left the browser with a session's cookies just before that session ended, and
// reaches the gateway after. A guest signs in (uaa merges the guest cart and ends the guest
// session); a request sent with the guest's cookies before the sign-in's answer came back (another
// tab, the cart widget) arrives just after it. When its access token is inside the 60 s renewal
// margin, the gateway renews it first and uaa refuses (invalid_grant). Before, the answer cleared
// both cookies, and the browser dropped the account cookies the sign-in had just set (ADR 0243
// keeps guest tokens valid after the merge precisely so that this cannot happen). Now a refused
// renewal made early leaves the cookies alone and the request goes on with its token; once the
// token has expired, the refusal clears them as before (ADR 0022).

/** The browser's cookie jar: Set-Cookie lines taken in order, a Max-Age=0 one removes. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [name, ...value] = line.split(';')[0]!.split('=');
        if (/Max-Age=0/i.test(line)) cookies.delete(name!);
        else cookies.set(name!, value.join('='));
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    cookies,
  };
}

type SetCookie = 'none' | 'cleared';
const setCookieOf = (response: Response): SetCookie | string[] => {
  const lines = response.headers.getSetCookie();
  if (lines.length === 0) return 'none';
  return lines.every((line) => /Max-Age=0/i.test(line)) ? 'cleared' : lines;
};

describe('a late request of a session that has just ended, on the reference platform', () => {
  let shop: TestShop;
  let offeringId: string;
  beforeAll(async () => {
    shop = await startShop({ COOKIE_SECURE: 'false' });
    const { rows } = await shop.platform.db.query<{ id: string }>(
      "select id from offerings where tenant_id = 'fresh' and available order by id limit 1",
    );
    offeringId = rows[0]!.id;
  });
  afterAll(() => shop?.close());

  const write = () => ({ 'x-csrf': '1', origin: shop.url });
  const LATE = {
    'a proxied read': (cookie: string) =>
      fetch(`${shop.url}${bookingPaths.cart('fresh')}`, { headers: { cookie } }),
    'a proxied write': (cookie: string) =>
      fetch(`${shop.url}${bookingPaths.item('fresh')}`, {
        method: 'PUT',
        headers: { ...write(), cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ offeringId, byCase: false, quantity: 1 }),
      }),
    'the session read of a page': (cookie: string) =>
      fetch(`${shop.url}/auth/session`, { headers: { cookie } }),
  };

  /** The cookie's access token again, for the same session and principal, with `ttl` s left. */
  async function withTokenLeft(browser: ReturnType<typeof jar>, ttl: number): Promise<string> {
    const jwt = browser.cookies.get('access_token')!;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      acc: string | null;
      tid: string;
      sid: string;
    };
    const token = await shop.platform.app.signer.sign(
      {
        principalId: claims.sub,
        accountId: claims.acc,
        tenantId: claims.tid,
        sessionId: claims.sid,
      },
      ttl,
    );
    return `access_token=${token}; refresh_token=${browser.cookies.get('refresh_token')}`;
  }

  const signIn = (cookie: string) =>
    fetch(`${shop.url}/auth/sign-in`, {
      method: 'POST',
      headers: { ...write(), 'content-type': 'application/json', cookie },
      body: JSON.stringify(DEMO),
    });

  /** The guest's cookies (token with `ttl` s left) and the browser after the sign-in merged it. */
  async function guestMergedBySignIn(ttl: number) {
    const browser = jar();
    browser.take(await fetch(`${shop.url}/auth/guest`, { method: 'POST', headers: write() }));
    const late = await withTokenLeft(browser, ttl);
    const signedIn = await signIn(late);
    expect(signedIn.status).toBe(200);
    browser.take(signedIn);
    return { browser, late };
  }

  /** An account's cookies (token with `ttl` s left) after that session signed out. */
  async function accountSignedOut(ttl: number) {
    const browser = jar();
    browser.take(await signIn(''));
    const late = await withTokenLeft(browser, ttl);
    const out = await fetch(`${shop.url}/auth/sign-out`, {
      method: 'POST',
      headers: { ...write(), cookie: browser.header() },
    });
    expect(out.status).toBe(204);
    browser.take(out);
    return { browser, late };
  }

  // [whose session ended, seconds its token has left, the late request, its Set-Cookie]
  const table: [string, number, keyof typeof LATE, SetCookie][] = [
    ['a guest merged by sign-in', 30, 'a proxied read', 'none'],
    ['a guest merged by sign-in', 30, 'a proxied write', 'none'],
    ['a guest merged by sign-in', 30, 'the session read of a page', 'none'],
    ['a guest merged by sign-in', 300, 'a proxied read', 'none'],
    ['an account signed out', 30, 'a proxied read', 'none'],
    ['an account signed out', 30, 'the session read of a page', 'none'],
    ['an account signed out', -60, 'a proxied read', 'cleared'],
    ['an account signed out', -60, 'the session read of a page', 'cleared'],
  ];

  it.each(table)(
    '%s, token with %i s left, %s: Set-Cookie %s',
    async (who, ttl, door, expected) => {
      const guest = who.startsWith('a guest');
      const { browser, late } = guest
        ? await guestMergedBySignIn(ttl)
        : await accountSignedOut(ttl);

      const answer = await LATE[door](late);
      expect(setCookieOf(answer)).toEqual(expected);
      browser.take(answer);

      if (guest) {
        // The guest's token still works after the merge (ADR 0243), and the shopper stays signed
        // in; a change of the merged guest cart is refused, not written where no one reads it
        // (ADR 0323).
        expect(answer.status).toBe(door === 'a proxied write' ? 409 : 200);
        const session = await fetch(`${shop.url}/auth/session`, {
          headers: { cookie: browser.header() },
        });
        const { account } = (await session.json()) as { account: { id: string } | null };
        expect(account?.id).toBe('acc-fresh-demo');
      } else if (door !== 'the session read of a page') {
        // The services refuse the ended session's token whatever is left of it (ADR 0243).
        expect(answer.status).toBe(401);
      } else {
        expect(await answer.json()).toEqual({ account: null, tenantId: 'fresh' });
      }
    },
  );
});

// Every state of the access token against every answer of uaa to its renewal, through both paths
// that renew (the proxy engine and a page's resolveAccount), on a fake platform.
describe('the cookies a renewal leaves, for each token state and uaa answer', () => {
  let gw: EndpointGateway;
  beforeAll(async () => {
    gw = await startEndpointGateway();
  });
  afterAll(() => gw.close());

  const pair = {
    access_token: 'renewed-access',
    refresh_token: 'renewed-refresh',
    token_type: 'Bearer',
    expires_in: 300,
    refresh_expires_in: 3600,
  };
  const REFRESH: Record<string, FakeResponse> = {
    'renews it': { body: pair },
    'refuses it (invalid_grant)': { status: 400, body: { error: 'invalid_grant' } },
    'fails (503)': { status: 503, body: { error: 'busy' } },
  };
  const TOKENS: Record<string, number> = {
    '30 s left (inside the margin)': 30,
    'expired a minute ago': -60,
    '300 s left': 300,
  };
  const DOORS = ['a proxied read', 'a proxied write', 'the session read of a page'] as const;

  /** What the visitor's request must leave: the model (ADR 0022, 0135). */
  function expected(left: number, refresh: string) {
    if (left > 60) return { cookies: 'none', token: 'current' } as const;
    if (refresh === 'renews it') return { cookies: 'renewed', token: 'renewed' } as const;
    if (refresh === 'fails (503)') return { cookies: 'none', token: 'current' } as const;
    // Refused: the session ends only once the token has expired.
    return left > 0
      ? ({ cookies: 'none', token: 'current' } as const)
      : ({ cookies: 'cleared', token: 'none' } as const);
  }

  const cases = Object.keys(TOKENS).flatMap((state) =>
    Object.keys(REFRESH).flatMap((refresh) => DOORS.map((door) => [state, refresh, door] as const)),
  );
  let n = 0;

  it.each(cases)('token %s, uaa %s, %s', async (state, refresh, door) => {
    gw.upstream.reset();
    gw.upstream.on('*', /.*/, { body: { ok: true } });
    gw.upstream.on('GET', uaaPaths.account, { body: { id: null, login: null, email: null } });
    gw.upstream.on('POST', uaaPaths.refresh, REFRESH[refresh]!);
    const left = TOKENS[state]!;
    const current = jwt(`visitor-${++n}`, left);
    const cookie = `access_token=${current}; refresh_token=refresh-${n}`;

    const res =
      door === 'a proxied read'
        ? await gw.app.inject({
            method: 'GET',
            url: bookingPaths.cart('fresh'),
            headers: { ...SHOP, cookie },
          })
        : door === 'a proxied write'
          ? await gw.app.inject({
              method: 'PUT',
              url: bookingPaths.item('fresh'),
              headers: { ...WRITE, cookie },
              payload: { offeringId: 'o1', byCase: false, quantity: 1 },
            })
          : await gw.app.inject({
              method: 'GET',
              url: '/auth/session',
              headers: { ...SHOP, cookie },
            });

    const want = expected(left, refresh);
    const lines = [res.headers['set-cookie'] ?? []].flat();
    const cookies =
      lines.length === 0 ? 'none' : lines.every((l) => /Max-Age=0/.test(l)) ? 'cleared' : 'renewed';
    expect(cookies).toBe(want.cookies);

    // The token the request went on with: the booking call's Bearer, or the account call's cookie.
    const sent =
      door === 'the session read of a page'
        ? /access_token=([^;]+)/.exec(
            String(gw.upstream.received(uaaPaths.account)[0]?.headers.cookie),
          )?.[1]
        : /^Bearer (.+)$/.exec(
            String(gw.upstream.received('/api/services/booking-ms')[0]?.headers.authorization),
          )?.[1];
    const token = { current, renewed: 'renewed-access', none: undefined }[want.token];
    expect(sent).toBe(token);
  });
});

/** An unsigned JWT-shaped token with `seconds` left (the gateway reads exp, never verifies). */
function jwt(name: string, seconds: number): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: 'ES256' })}.${part({ sub: name, exp })}.c2ln`;
}
