import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/fake-upstream';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Issue #2 points 4 and 7: resolveAccount (through GET /auth/session, which calls it exactly as a
// page load does) and the shared token refresh. The fake platform has no shop context: the
// session's tenantId is null.
const UAA = '/api/services/uaa/api/v1';
const SHOP = { host: 'shop.localhost' };
const ANN = { id: 7, login: 'ann', email: 'ann@example.com' };
const pair = (n: string) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 3600,
});

let gw: EndpointGateway;
beforeAll(async () => {
  gw = await startEndpointGateway({ CONTEXT_TIMEOUT_MS: '1000' });
});
afterAll(() => gw.close());
beforeEach(() => {
  gw.upstream.reset();
  gw.logs.length = 0;
});

const session = (cookie?: string) =>
  gw.app.inject({
    method: 'GET',
    url: '/auth/session',
    headers: { ...SHOP, ...(cookie ? { cookie } : {}) },
  });

/** uaa's account endpoint: valid only for the listed access tokens, "expired" (401) otherwise. */
function accountFor(valid: string[], body: unknown = ANN) {
  gw.upstream.on('GET', `${UAA}/account`, (request: RecordedRequest) =>
    valid.some((token) => request.headers.cookie?.includes(`access_token=${token};`))
      ? { body }
      : { status: 401, body: { error: 'invalid_token' } },
  );
}

function logText() {
  return JSON.stringify(gw.logs);
}

describe('resolveAccount: when uaa is asked', () => {
  it.each([
    ['no cookie', undefined],
    ['only the access token', 'access_token=a'],
    ['only the refresh token', 'refresh_token=r'],
    ['an empty access token', 'access_token=; refresh_token=r'],
  ])('does not call uaa with %s', async (_name, cookie) => {
    const res = await session(cookie);
    expect(res.json()).toEqual({ account: null, tenantId: null });
    // Only the shop's context is asked, for its tenant id.
    expect(gw.upstream.received(`${UAA}/`)).toHaveLength(0);
  });

  it('sends both tokens in one Cookie header, the access token as Bearer, with the product headers', async () => {
    accountFor(['a']);
    const res = await session('other=1; access_token=a; refresh_token=r');

    expect(res.json()).toEqual({
      account: { id: '7', login: 'ann', email: 'ann@example.com' },
      tenantId: null,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [call] = gw.upstream.received(`${UAA}/account`);
    expect(call!.headers.cookie).toBe('access_token=a; refresh_token=r');
    // The upstream contract's scheme for this call (ADR 0024, 0231): an adopter's uaa may read either.
    expect(call!.headers.authorization).toBe('Bearer a');
    expect(call!.headers).toMatchObject({
      'x-domain-origin': 'http://shop.localhost',
      'x-client-name': 'cms-website',
    });
    expect(call!.headers['x-correlation-id']).toBe(res.headers['x-correlation-id']);
  });

  it('treats an account without an id (a guest) as logged out', async () => {
    accountFor(['a'], { id: null, login: null, email: null });
    const res = await session('access_token=a; refresh_token=r');
    expect(res.json()).toEqual({ account: null, tenantId: null });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['a 500', { status: 500, body: { error: 'boom' } }, 500],
    ['a body outside the contract', { body: 'not json' }, 200],
    ['a dead connection', { destroy: true }, null],
    ['a timeout', { delayMs: 1500, body: ANN }, null],
  ])(
    'logs %s with the upstream status and treats the visitor as logged out',
    async (_name, answer, status) => {
      gw.upstream.on('GET', `${UAA}/account`, answer);
      const res = await session('access_token=secret-access; refresh_token=secret-refresh');

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ account: null, tenantId: null });
      expect(res.headers['set-cookie']).toBeUndefined();
      const line = gw.logs.find((l) => l.msg === 'account call failed; treated as logged out');
      expect(line).toMatchObject({ upstreamStatus: status, cid: res.headers['x-correlation-id'] });
      expect(logText()).not.toMatch(/secret-/);
    },
  );
});

describe('resolveAccount: expired access token', () => {
  it('refreshes once, sets the new cookies and retries the account call once', async () => {
    accountFor(['access-1']);
    gw.upstream.on('POST', `${UAA}/auth/refresh`, { body: pair('1') });

    const res = await session('access_token=old; refresh_token=r0');

    expect(res.json()).toEqual({
      account: { id: '7', login: 'ann', email: 'ann@example.com' },
      tenantId: null,
    });
    expect(res.headers['set-cookie']).toEqual([
      'access_token=access-1; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
      'refresh_token=refresh-1; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
      expect.stringMatching(
        /^session_proof=[\w-]{32}; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      ),
    ]);
    const refreshes = gw.upstream.received(`${UAA}/auth/refresh`);
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]!.body)).toEqual({ refresh_token: 'r0' });
    const accounts = gw.upstream.received(`${UAA}/account`).map((r) => r.headers.cookie);
    expect(accounts).toEqual([
      'access_token=old; refresh_token=r0',
      'access_token=access-1; refresh_token=refresh-1',
    ]);
  });

  it('shares one refresh among 10 concurrent requests of one visitor; all succeed', async () => {
    accountFor(['access-c']);
    gw.upstream.on('POST', `${UAA}/auth/refresh`, { delayMs: 50, body: pair('c') });

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => session('access_token=old; refresh_token=r-c')),
    );

    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
    for (const res of answers) {
      expect(res.json().account).toMatchObject({ id: '7' });
      expect(res.headers['set-cookie']).toContain(
        'access_token=access-c; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
      );
    }
  });

  it('gives a request that still carries the rotated token the same new pair, without replaying it', async () => {
    accountFor(['access-m']);
    gw.upstream.on('POST', `${UAA}/auth/refresh`, { body: pair('m') });
    await session('access_token=old; refresh_token=r-m');
    const late = await session('access_token=old; refresh_token=r-m');

    expect(late.json().account).toMatchObject({ id: '7' });
    expect(late.headers['set-cookie']).toContain(
      'refresh_token=refresh-m; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
  });

  it('ends the session on invalid_grant: cookies cleared, logged out', async () => {
    accountFor([]);
    gw.upstream.on('POST', `${UAA}/auth/refresh`, {
      status: 400,
      body: { error: 'invalid_grant' },
    });

    const res = await session('access_token=old; refresh_token=spent');

    expect(res.json()).toEqual({ account: null, tenantId: null });
    expect(res.headers['set-cookie']).toEqual([
      'access_token=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
      'refresh_token=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
      'session_proof=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    ]);
    expect(gw.upstream.received(`${UAA}/account`)).toHaveLength(1);
  });

  it.each([
    ['a 503', { status: 503, body: { error: 'unavailable' } }],
    ['a timeout', { delayMs: 1500, body: pair('late') }],
    ['a dead connection', { destroy: true }],
    // Only invalid_grant says the token is dead: another 4xx may be an ingress's (ADR 0364).
    ['a 400 that is not invalid_grant', { status: 400, body: { error: 'invalid_request' } }],
    ['a 401 without a body', { status: 401 }],
    ['a 429', { status: 429, body: { error: 'slow_down' } }],
    ['a 408', { status: 408 }],
  ])(
    'keeps the cookies on a transient refresh failure (%s); logged out for this request only',
    async (_name, answer) => {
      accountFor([]);
      gw.upstream.on('POST', `${UAA}/auth/refresh`, answer);

      const res = await session(
        `access_token=old; refresh_token=transient-${_name.replace(/\W/g, '')}`,
      );

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ account: null, tenantId: null });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(gw.logs.some((l) => l.msg === 'token refresh failed; treated as logged out')).toBe(
        true,
      );
    },
  );

  it('tries a refresh again after a transient failure (failures are not remembered)', async () => {
    accountFor(['access-again']);
    let calls = 0;
    gw.upstream.on('POST', `${UAA}/auth/refresh`, () =>
      ++calls === 1 ? { status: 503 } : { body: pair('again') },
    );
    expect((await session('access_token=old; refresh_token=r-again')).json()).toEqual({
      account: null,
      tenantId: null,
    });
    expect((await session('access_token=old; refresh_token=r-again')).json().account).toMatchObject(
      { id: '7' },
    );
    expect(calls).toBe(2);
  });

  it('does not refresh a second time when uaa refuses the fresh token too', async () => {
    accountFor([]);
    gw.upstream.on('POST', `${UAA}/auth/refresh`, { body: pair('refused') });
    const res = await session('access_token=old; refresh_token=r-refused');
    expect(res.json()).toEqual({ account: null, tenantId: null });
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
    expect(gw.upstream.received(`${UAA}/account`)).toHaveLength(2);
  });
});
