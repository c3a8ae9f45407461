import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, apiEngineer, expectError } from '../support/api-engineer';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// ADR 0391: an access cookie whose token has expired, sent without a refresh cookie, can never be
// renewed. A proxied call and a page clear it, as GET /auth/session does (ADR 0385), with the
// attributes sign-out clears it with; a later call, without it, is a guest's. Only an expired
// token alone: a working one stays whatever a service answers, and a refresh cookie still renews.
// Gateway and reference platform over real HTTP.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const ORDERS = '/api/services/orders/api/v1/orders?page=1&pageSize=1';
const CLAIMS = { principalId: 'acc-fresh-demo', accountId: 'acc-fresh-demo', tenantId: 'fresh' };

/** A signed access token of the demo account with `seconds` left (negative: expired). */
const tokenWith = (seconds: number) => shop.platform.app.signer.sign(CLAIMS, seconds);

/** Sign-out's Set-Cookie for the access cookie: the attributes the gateway clears it with. */
async function signOutsAccessClearing(): Promise<string> {
  const signedOut = await apiEngineer(shop.url).send('POST', '/auth/sign-out');
  expect(signedOut.status).toBe(204);
  return signedOut.headers.getSetCookie().find((line) => line.startsWith('access_token='))!;
}

describe('an expired access cookie alone (ADR 0391)', () => {
  it('a proxied GET is a 401 that clears it; the next call, without it, is a guest’s', async () => {
    const browser = apiEngineer(shop.url);
    browser.cookies.set('access_token', await tokenWith(-60));
    const refused = await browser.send('GET', ORDERS);
    expect(refused.headers.getSetCookie()).toEqual([await signOutsAccessClearing()]);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect(await expectError(refused, 401, 'unauthorized')).toBe('Access token expired');
    expect(browser.cookies.size).toBe(0);

    // The browser no longer sends it: answered as a visitor who never had a session is.
    const again = await browser.send('GET', ORDERS);
    const guest = await apiEngineer(shop.url).send('GET', ORDERS);
    expect(again.headers.getSetCookie()).toEqual([]);
    const message = await expectError(again, guest.status, 'unauthorized');
    expect(message).toBe(await expectError(guest, 401, 'unauthorized'));
    expect(message).not.toBe('Access token expired');
  });

  it('a page clears it too; a working token alone stays on both, whatever the service answers', async () => {
    const expired = apiEngineer(shop.url);
    expired.cookies.set('access_token', await tokenWith(-60));
    const page = await expired.send('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie()).toEqual([await signOutsAccessClearing()]);

    const working = apiEngineer(shop.url);
    working.cookies.set('access_token', await tokenWith(300));
    expect((await working.send('GET', '/')).headers.getSetCookie()).toEqual([]);
    expect((await working.send('GET', ORDERS)).headers.getSetCookie()).toEqual([]);

    // A token that has not expired, of a session that has ended (as a guest's merged by a
    // sign-in may have, ADR 0243): the service refuses it, and its 401 clears nothing.
    const signedIn = apiEngineer(shop.url);
    await answer(await signedIn.send('POST', '/auth/sign-in', { body: DEMO }));
    const ended = signedIn.cookies.get('access_token')!;
    expect((await signedIn.send('POST', '/auth/sign-out')).status).toBe(204);
    const late = apiEngineer(shop.url);
    late.cookies.set('access_token', ended);
    const refused = await late.send('GET', ORDERS);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await expectError(refused, 401, 'unauthorized')).toBe('Session ended: sign in again');
    expect(late.cookies.get('access_token')).toBe(ended);
  });

  it('calls at once: each dead cookie cleared, a session with its refresh cookie renewed', async () => {
    const session = apiEngineer(shop.url);
    await answer(await session.send('POST', '/auth/sign-in', { body: DEMO }));
    const expired = await tokenWith(-60);
    session.cookies.set('access_token', expired);
    const dead = [1, 2, 3].map(() => apiEngineer(shop.url));
    for (const browser of dead) browser.cookies.set('access_token', expired);

    const [renewed, ...refused] = await Promise.all([
      session.send('GET', ORDERS),
      ...dead.map((browser) => browser.send('GET', ORDERS)),
    ]);
    expect(renewed!.status).toBe(200);
    expect(session.cookies.get('access_token')).not.toBe(expired);
    expect(session.cookies.has('refresh_token')).toBe(true);
    const clearing = await signOutsAccessClearing();
    for (const answer of refused) {
      expect(answer.status).toBe(401);
      expect(answer.headers.getSetCookie()).toEqual([clearing]);
    }
    for (const browser of dead) expect(browser.cookies.size).toBe(0);
  });
});
