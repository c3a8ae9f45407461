import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, apiEngineer, expectError } from '../support/api-engineer';
import { DEMO } from '../support/platform';
import { startShop, type TestShop } from '../support/shop';

// The error paths an integration engineer tries (ADR 0376), with nothing but the documents: each is
// a 4xx they list for the operation, in the error shape `{ error: { code, message, cid } }`, with
// a message that says what to do (../support/api-engineer.ts checks the statuses).
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const LISTS = '/api/services/shopping-lists/api/v1/lists';
const ORDERS = '/api/services/orders/api/v1/orders';

async function cartOf(engineer: ReturnType<typeof apiEngineer>) {
  const { tenantId } = await answer<{ tenantId: string }>(
    await engineer.send('GET', '/auth/session'),
  );
  return `/api/services/booking-ms/api/v1/bookings/cart/tenant/${tenantId}`;
}

/** An offering that can be bought, found as a client finds one. */
async function anOffering(engineer: ReturnType<typeof apiEngineer>) {
  const found = await answer<{ items: { offering: { id: string; available: boolean } }[] }>(
    await engineer.send('GET', '/api/services/catalogue/api/v1/search?q=milk'),
  );
  return found.items.find((item) => item.offering.available)!.offering.id;
}

describe('the error paths of the documented API', () => {
  it('a write without X-CSRF is a 403 csrf naming the header', async () => {
    const engineer = apiEngineer(shop.url);
    const guest = await engineer.send('POST', '/auth/guest', { csrf: false });
    expect(await expectError(guest, 403, 'csrf')).toBe('Missing X-CSRF: 1 header');
    await answer(await engineer.send('POST', '/auth/guest'));
    const put = await engineer.send('PUT', `${await cartOf(engineer)}/item`, {
      body: { offeringId: await anOffering(engineer), quantity: 1, byCase: false },
      csrf: false,
    });
    expect(await expectError(put, 403, 'csrf')).toBe('Missing X-CSRF: 1 header');
  });

  it('a body that is not JSON is a 400 saying so; a form to /auth/sign-in a 415 naming JSON', async () => {
    const engineer = apiEngineer(shop.url);
    const json = { 'content-type': 'application/json' };
    const signIn = await engineer.send('POST', '/auth/sign-in', {
      raw: '{"email":',
      headers: json,
    });
    expect(await expectError(signIn, 400, 'bad_request')).toMatch(/not valid JSON/);
    const form = await engineer.send('POST', '/auth/sign-in', { form: { ...DEMO } });
    expect(await expectError(form, 415, 'unsupported_media_type')).toBe(
      'Send the body as JSON (Content-Type: application/json)',
    );
    // Through the proxy the code is the service's own (the document says so).
    await answer(await engineer.send('POST', '/auth/sign-in', { body: DEMO }));
    const list = await engineer.send('POST', LISTS, { raw: '{"name":', headers: json });
    expect(await expectError(list, 400, 'bad_request')).toMatch(/not valid JSON/);
    // A page's form action takes form data.
    const page = await engineer.send('POST', '/cart', { body: { intent: 'remove' } });
    expect(await expectError(page, 415, 'unsupported_media_type')).toMatch(/form data/);
  });

  it('an unknown product is a 404; an unknown offering or delivery address a 400 naming it', async () => {
    const engineer = apiEngineer(shop.url);
    const product = await engineer.send(
      'GET',
      '/api/services/catalogue/api/v1/products/by-slug?slug=no-such-product',
    );
    expect(await expectError(product, 404, 'not_found')).toContain('no-such-product');
    await answer(await engineer.send('POST', '/auth/sign-in', { body: DEMO }));
    const put = await engineer.send('PUT', `${await cartOf(engineer)}/item`, {
      body: { offeringId: 'off-none', quantity: 1, byCase: false },
    });
    expect(await expectError(put, 400, 'bad_request')).toContain('off-none');
    await answer(
      await engineer.send('PUT', `${await cartOf(engineer)}/item`, {
        body: { offeringId: await anOffering(engineer), quantity: 1, byCase: false },
      }),
    );
    const order = await engineer.send('POST', ORDERS, {
      body: { addressId: 'adr-none', slotId: 'slot-none', paymentMethodId: 'pm-none', notes: '' },
    });
    expect(await expectError(order, 400, 'bad_request')).toContain('adr-none');
  });

  it('an expired access token is renewed with its refresh cookie; alone, or of a session that ended, a 401', async () => {
    const engineer = apiEngineer(shop.url);
    await answer(await engineer.send('POST', '/auth/sign-in', { body: DEMO }));
    // An access token whose time is up, the session's other cookies as they are.
    const expired = await shop.platform.app.signer.sign(
      { principalId: 'acc-fresh-demo', accountId: 'acc-fresh-demo', tenantId: 'fresh' },
      -60,
    );
    engineer.cookies.set('access_token', expired);
    await answer(await engineer.send('GET', `${ORDERS}?page=1&pageSize=1`));
    expect(engineer.cookies.get('access_token')).not.toBe(expired);

    const alone = apiEngineer(shop.url);
    alone.cookies.set('access_token', expired);
    expect(await expectError(await alone.send('GET', ORDERS), 401, 'unauthorized')).toBe(
      'Access token expired',
    );

    // Signed out: the cookies kept from before are refused, and cleared.
    const kept = new Map(engineer.cookies);
    expect((await engineer.send('POST', '/auth/sign-out')).status).toBe(204);
    const replayed = apiEngineer(shop.url);
    for (const [name, value] of kept) replayed.cookies.set(name, value);
    const refused = await replayed.send('GET', `${ORDERS}?page=1&pageSize=1`);
    expect(await expectError(refused, 401, 'unauthorized')).toBe('Session ended: sign in again');
    expect(replayed.cookies.size).toBe(0);
    expect(await answer(await replayed.send('GET', '/auth/session'))).toMatchObject({
      account: null,
    });
  });

  it('GET /auth/session with an expired access token alone clears it as sign-out does; one that works stays', async () => {
    const claims = {
      principalId: 'acc-fresh-demo',
      accountId: 'acc-fresh-demo',
      tenantId: 'fresh',
    };
    const alone = apiEngineer(shop.url);
    alone.cookies.set('access_token', await shop.platform.app.signer.sign(claims, -60));
    const session = await alone.send('GET', '/auth/session');
    expect(await answer(session)).toMatchObject({ account: null });
    const signedOut = await apiEngineer(shop.url).send('POST', '/auth/sign-out');
    expect(signedOut.status).toBe(204);
    expect(session.headers.getSetCookie()).toEqual(signedOut.headers.getSetCookie());
    expect(session.headers.getSetCookie()[0]).toMatch(/^access_token=; Max-Age=0; Path=\//);
    expect(alone.cookies.size).toBe(0);

    const working = apiEngineer(shop.url);
    working.cookies.set('access_token', await shop.platform.app.signer.sign(claims, 300));
    const kept = await working.send('GET', '/auth/session');
    expect(await answer(kept)).toMatchObject({ account: null });
    expect(kept.headers.getSetCookie()).toEqual([]);
  });
});

describe('one word for a bad request (ADR 0385)', () => {
  it('is bad_request from the gateway and the platform’s services alike; uaa’s is OAuth’s invalid_request', async () => {
    const engineer = apiEngineer(shop.url);
    const json = { 'content-type': 'application/json' };
    // The gateway's own: its schema, a page action's body, its own form.
    const signIn = await engineer.send('POST', '/auth/sign-in', { body: { email: 'nobody' } });
    expect(await expectError(signIn, 400, 'bad_request')).toMatch(/^Invalid sign-in request: /);
    const multipart = await engineer.send('POST', '/cart', {
      raw: '--x\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(await expectError(multipart, 400, 'bad_request')).toBe('Malformed multipart form data');
    const consent = await engineer.send('POST', '/consent', { form: { choice: 'maybe' } });
    expect(await expectError(consent, 400, 'bad_request')).toMatch(/accept, decline or save/);
    // Through the proxy, the service's own: the same word from the platform's services.
    await answer(await engineer.send('POST', '/auth/sign-in', { body: DEMO }));
    const list = await engineer.send('POST', LISTS, { body: { name: 42 } });
    expect(await expectError(list, 400, 'bad_request')).toMatch(/^Invalid body: name: /);
    const register = await engineer.send('POST', '/api/services/uaa/api/v1/register', {
      raw: '{}',
      headers: json,
    });
    expect(await expectError(register, 400, 'invalid_request')).toMatch(/^Invalid body: /);
  });
});
