import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Issue #2 point 7: the gateway's sign-in, sign-out and guest endpoints. Each test asserts the
// answer (cookies, body, cache headers) and what uaa received.
const UAA = '/api/services/uaa/api/v1';
const SHOP = { host: 'shop.localhost', origin: 'http://shop.localhost', 'x-csrf': '1' };
const pair = (n: string) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 86_400,
});

let gw: EndpointGateway;
beforeAll(async () => {
  gw = await startEndpointGateway();
});
afterAll(() => gw.close());
beforeEach(() => {
  gw.upstream.reset();
  gw.logs.length = 0;
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  gw.app.inject({
    method: 'POST',
    url,
    headers: { ...SHOP, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

function expectNoToken(text: string) {
  expect(text).not.toMatch(/access-|refresh-|access_token|refresh_token/);
}

describe('POST /auth/sign-in', () => {
  it('signs in: exact cookie attributes, the account in the body, no token anywhere in it', async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-in`, { body: pair('1') });
    gw.upstream.on('GET', `${UAA}/account`, {
      body: { id: 42, login: 'ann', email: 'ann@example.com' },
    });

    const res = await post('/auth/sign-in', { email: ' ann@example.com ', password: 'secret' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ account: { id: '42', login: 'ann', email: 'ann@example.com' } });
    expectNoToken(res.body);
    expect(res.headers['set-cookie']).toEqual([
      'access_token=access-1; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Lax',
      'refresh_token=refresh-1; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Lax',
      expect.stringMatching(
        /^session_proof=[\w-]{32}; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      ),
    ]);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const [signIn] = gw.upstream.received(`${UAA}/auth/sign-in`);
    expect(JSON.parse(signIn!.body)).toEqual({ email: 'ann@example.com', password: 'secret' });
    expect(signIn!.headers).toMatchObject({
      'x-domain-origin': 'http://shop.localhost',
      'x-client-name': 'cms-website',
    });
    expect(signIn!.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{32}$/);
    const [account] = gw.upstream.received(`${UAA}/account`);
    expect(account!.headers.cookie).toBe('access_token=access-1; refresh_token=refresh-1');
  });

  it("passes a guest's refresh token so uaa merges the guest cart", async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-in`, { body: pair('2') });
    gw.upstream.on('GET', `${UAA}/account`, {
      body: { id: 'a1', login: 'ann', email: 'ann@example.com' },
    });

    const res = await post(
      '/auth/sign-in',
      { email: 'ann@example.com', password: 'secret' },
      { cookie: 'access_token=guest-a; refresh_token=guest-r' },
    );

    expect(res.statusCode).toBe(200);
    const [signIn] = gw.upstream.received(`${UAA}/auth/sign-in`);
    expect(JSON.parse(signIn!.body)).toEqual({
      email: 'ann@example.com',
      password: 'secret',
      guest_refresh_token: 'guest-r',
    });
    expect(signIn!.headers.cookie).toBeUndefined();
  });

  it('answers 401 JSON on wrong credentials and sets no cookie', async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-in`, {
      status: 401,
      body: { error: 'invalid_grant', error_description: 'Wrong e-mail or password' },
    });

    const res = await post('/auth/sign-in', { email: 'ann@example.com', password: 'nope' });

    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_credentials',
        message: 'Wrong e-mail or password',
        cid: res.headers['x-correlation-id'],
      },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(gw.upstream.received(`${UAA}/account`)).toHaveLength(0);
  });

  it.each([
    ['no body', undefined],
    ['a bad e-mail', { email: 'not-an-email', password: 'x' }],
    ['no password', { email: 'ann@example.com' }],
    ['an array', [1, 2]],
  ])('answers 400 JSON with a message for %s; uaa sees nothing', async (_name, payload) => {
    const res = await post('/auth/sign-in', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect(res.json().error.message).toMatch(/\S/);
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('names the refused fields the way the sign-in form shows them', async () => {
    const res = await post('/auth/sign-in', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'bad_request',
      message:
        'Invalid sign-in request: email: must be an e-mail address; password: Invalid input: expected string, received undefined',
    });
    expect((await post('/auth/sign-in', undefined)).json().error.message).toMatch(
      /^Invalid sign-in request: body: /,
    );
  });

  it('answers a JSON 4xx for a body that is not JSON', async () => {
    const form = await post('/auth/sign-in', 'email=a&password=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.code).toBe('unsupported_media_type');
    const broken = await post('/auth/sign-in', '{"email":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.cid).toBe(broken.headers['x-correlation-id']);
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('answers 502 JSON when uaa answers something outside the contract', async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-in`, { body: { token: 'not a pair' } });
    const res = await post('/auth/sign-in', { email: 'ann@example.com', password: 'secret' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('upstream_error');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /auth/sign-out', () => {
  const cleared = [
    'access_token=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    'refresh_token=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    'session_proof=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
  ];

  it('revokes the refresh token at uaa and clears both cookies with the same attributes', async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-out`, { status: 204 });
    const res = await post('/auth/sign-out', undefined, {
      cookie: 'access_token=a; refresh_token=r',
    });

    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toEqual(cleared);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [revoke] = gw.upstream.received(`${UAA}/auth/sign-out`);
    expect(JSON.parse(revoke!.body)).toEqual({ refresh_token: 'r' });
  });

  it('clears the cookies even when uaa fails', async () => {
    gw.upstream.on('POST', `${UAA}/auth/sign-out`, {
      status: 500,
      body: { error: 'server_error' },
    });
    const res = await post('/auth/sign-out', undefined, {
      cookie: 'access_token=a; refresh_token=r',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toEqual(cleared);
  });

  it('clears the cookies without calling uaa when there is no refresh token', async () => {
    const res = await post('/auth/sign-out');
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toEqual(cleared);
    expect(gw.upstream.requests).toHaveLength(0);
  });
});

describe('POST /auth/guest', () => {
  it('starts an anonymous session: cookies set, no token in the body', async () => {
    gw.upstream.on('POST', `${UAA}/auth/guest`, { body: pair('g') });
    const res = await post('/auth/guest');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ guest: true });
    expectNoToken(res.body);
    expect(res.headers['set-cookie']).toEqual([
      'access_token=access-g; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Lax',
      'refresh_token=refresh-g; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Lax',
      expect.stringMatching(
        /^session_proof=[\w-]{32}; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      ),
    ]);
    expect(gw.upstream.received(`${UAA}/auth/guest`)).toHaveLength(1);
  });

  it('does nothing for a visitor who already has a session', async () => {
    const res = await post('/auth/guest', undefined, { cookie: 'access_token=a; refresh_token=r' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ guest: false });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('answers 502 JSON when uaa is down, without cookies', async () => {
    gw.upstream.on('POST', `${UAA}/auth/guest`, { destroy: true });
    const res = await post('/auth/guest');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'upstream_error',
      cid: res.headers['x-correlation-id'],
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('Secure attribute', () => {
  it('is left out only when COOKIE_SECURE=false', async () => {
    const plain = await startEndpointGateway({ COOKIE_SECURE: 'false' });
    try {
      plain.upstream.on('POST', `${UAA}/auth/guest`, { body: pair('p') });
      const res = await plain.app.inject({ method: 'POST', url: '/auth/guest', headers: SHOP });
      expect(res.headers['set-cookie']).toEqual([
        'access_token=access-p; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax',
        'refresh_token=refresh-p; Max-Age=86400; Path=/; HttpOnly; SameSite=Lax',
        expect.stringMatching(
          /^session_proof=[\w-]{32}; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/,
        ),
      ]);
    } finally {
      await plain.close();
    }
  });
});
