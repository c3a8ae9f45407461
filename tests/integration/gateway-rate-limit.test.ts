import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Issue #12 item 5: per-address limits on sign-in, registration/reset and guest sessions, counted
// per real client behind TRUST_PROXY; 429 with Retry-After in the gateway's JSON error shape, and
// nothing reaches uaa once the limit is hit. Limits are lowered here so the tests stay short.
const UAA = '/api/services/uaa/api/v1';
const SHOP = { host: 'shop.localhost', origin: 'http://shop.localhost', 'x-csrf': '1' };

let gw: EndpointGateway;
beforeAll(async () => {
  gw = await startEndpointGateway({
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_SIGN_IN: '3/60',
    RATE_LIMIT_ACCOUNT: '2/600',
    RATE_LIMIT_GUEST: '2/60',
  });
});
afterAll(() => gw.close());
beforeEach(() => gw.upstream.reset());

let nextClient = 1;
/** A client address of its own for each test (the balancer's X-Forwarded-For). */
const client = () => `203.0.113.${nextClient++}`;

const post = (url: string, from: string, payload?: object, headers: Record<string, string> = {}) =>
  gw.app.inject({
    method: 'POST',
    url,
    remoteAddress: '127.0.0.1',
    headers: { ...SHOP, 'x-forwarded-for': from, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

function expectLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  const body = res.json();
  expect(body).toEqual({
    error: {
      code: 'rate_limited',
      message: expect.stringMatching(/try again in \d+ s/),
      cid: res.headers['x-correlation-id'],
    },
  });
}

describe('per-address limits', () => {
  it('refuses the fourth sign-in from one address before uaa is asked', async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-in`, {
      status: 401,
      body: { error: 'invalid_grant', error_description: 'Wrong e-mail or password' },
    });
    const from = client();
    const credentials = { email: 'ann@example.com', password: 'guess' };
    for (let i = 0; i < 3; i++)
      expect((await post('/auth/sign-in', from, credentials)).statusCode).toBe(401);
    expectLimited(await post('/auth/sign-in', from, credentials));
    // An encoded path is the same route, and the same counter.
    expectLimited(await post('/%61uth/sign-in', from, credentials));
    expect(gw.upstream.received(`${UAA}/auth/sign-in`)).toHaveLength(3);
  });

  it('counts the real client behind the trusted balancer, not the balancer', async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-in`, {
      status: 401,
      body: { error: 'invalid_grant' },
    });
    const first = client();
    for (let i = 0; i < 4; i++)
      await post('/auth/sign-in', first, { email: 'a@b.co', password: 'x' });
    expectLimited(await post('/auth/sign-in', first, { email: 'a@b.co', password: 'x' }));
    // Another shopper behind the same balancer is not affected.
    expect(
      (await post('/auth/sign-in', client(), { email: 'a@b.co', password: 'x' })).statusCode,
    ).toBe(401);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-in`, {
      status: 401,
      body: { error: 'invalid_grant' },
    });
    const attempt = (n: number) =>
      gw.app.inject({
        method: 'POST',
        url: '/auth/sign-in',
        remoteAddress: '198.51.100.7',
        headers: { ...SHOP, 'x-forwarded-for': `192.0.2.${n}` },
        payload: { email: 'a@b.co', password: 'x' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    expectLimited(await attempt(99));
  });

  it('limits registration and reset on every path that reaches uaa: page actions and the proxy', async () => {
    gw.upstream.on('POST', /\/register$|reset-password|activate/, { body: { message: 'ok' } });
    const from = client();
    // The reset and activation links' page actions, plain and as React Router data. (The sign-in
    // screen's forms are counted by their action, by intent: separate-buckets.test.ts.)
    await post('/profile/reset/some-key', from);
    await post('/profile/activation/some-key.data', from);
    expectLimited(await post('/profile/reset/some-key', from));
    expectLimited(await post('/profile/activation/some-key', from));
    expectLimited(await post(`${UAA}/register`, from, { email: 'x@y.co' }));
    expectLimited(await post(`${UAA}/account/reset-password/init`, from, { email: 'x@y.co' }));

    const other = client();
    expect((await post(`${UAA}/register`, other, { email: 'x@y.co' })).statusCode).toBe(200);
    expect(
      (await post(`${UAA}/account/reset-password/init`, other, { email: 'x@y.co' })).statusCode,
    ).toBe(200);
    expectLimited(await post(`${UAA}/activate`, other, { key: 'k' }));
    expect(gw.upstream.received(UAA)).toHaveLength(2);
  });

  it('limits guest sessions', async () => {
    let n = 0;
    gw.upstream.on('POST', `${UAA}/auth/guest`, () => ({
      body: {
        access_token: `a${++n}`,
        refresh_token: `r${n}`,
        token_type: 'Bearer',
        expires_in: 300,
        refresh_expires_in: 86_400,
      },
    }));
    const from = client();
    expect((await post('/auth/guest', from)).statusCode).toBe(200);
    expect((await post('/auth/guest', from)).statusCode).toBe(200);
    expectLimited(await post('/auth/guest', from));
    expect(gw.upstream.received(`${UAA}/auth/guest`)).toHaveLength(2);
    // The no-JavaScript cart form counts where it makes a guest session (a page action, with the
    // real build): tests/integration/guest-limit-session.test.ts.
  });

  it("passes uaa's per-account lockout on as 429 with its Retry-After", async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-in`, {
      status: 429,
      headers: { 'retry-after': '17' },
      body: {
        error: 'too_many_attempts',
        error_description: 'Too many sign-in attempts for this account; try again in 17 s',
      },
    });
    const res = await post('/auth/sign-in', client(), { email: 'ann@example.com', password: 'x' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('17');
    expect(res.json().error).toMatchObject({
      code: 'too_many_attempts',
      cid: res.headers['x-correlation-id'],
    });
  });
});
