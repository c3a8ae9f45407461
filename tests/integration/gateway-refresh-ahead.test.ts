import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/fake-upstream';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Issue #12 item 8: a page's access token is renewed ahead of its expiry (60 s margin, as the proxy
// does), so a token that is valid when the request starts cannot expire while the page's calls run
// and sign the visitor out halfway. (The fake platform has no shop context: no tenantId.)
const UAA = '/api/services/uaa/api/v1';
const SHOP = { host: 'shop.localhost' };
const ANN = { id: 7, login: 'ann', email: 'ann@example.com' };

/** An unsigned JWT-shaped token expiring in `seconds` (the gateway only reads `exp`). */
function jwt(name: string, seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${part({ alg: 'ES256' })}.${part({ sub: name, exp })}.c2ln`;
}

let gw: EndpointGateway;
beforeAll(async () => {
  gw = await startEndpointGateway({ CONTEXT_TIMEOUT_MS: '1000' });
});
afterAll(() => gw.close());
beforeEach(() => gw.upstream.reset());

const session = (cookie: string) =>
  gw.app.inject({ method: 'GET', url: '/auth/session', headers: { ...SHOP, cookie } });

describe('refresh ahead of expiry on page loads', () => {
  it('renews a token that expires within a minute before asking for the account', async () => {
    const fresh = jwt('fresh', 300);
    gw.upstream.on('POST', `${UAA}/auth/refresh`, {
      body: {
        access_token: fresh,
        refresh_token: 'refresh-2',
        token_type: 'Bearer',
        expires_in: 300,
      },
    });
    // uaa still accepts the old token (it has 20 s left): only the gateway's margin renews it.
    gw.upstream.on('GET', `${UAA}/account`, { body: ANN });

    const res = await session(`access_token=${jwt('old', 20)}; refresh_token=refresh-1`);
    expect(res.json()).toEqual({
      account: { id: '7', login: 'ann', email: 'ann@example.com' },
      tenantId: null,
    });
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
    const [account] = gw.upstream.received(`${UAA}/account`);
    expect(account!.headers.cookie).toBe(`access_token=${fresh}; refresh_token=refresh-2`);
    expect(String(res.headers['set-cookie'])).toContain(`access_token=${fresh}`);
  });

  it('leaves a token with more than a minute left alone', async () => {
    gw.upstream.on('GET', `${UAA}/account`, { body: ANN });
    const res = await session(`access_token=${jwt('ok', 120)}; refresh_token=refresh-1`);
    expect(res.json().account).not.toBeNull();
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(0);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('keeps the visitor signed in with the current token when the early renewal fails', async () => {
    gw.upstream.on('POST', `${UAA}/auth/refresh`, { status: 503, body: {} });
    gw.upstream.on('GET', `${UAA}/account`, (request: RecordedRequest) =>
      request.headers.cookie?.includes('refresh_token=refresh-3') ? { body: ANN } : { status: 401 },
    );
    const res = await session(`access_token=${jwt('old', 20)}; refresh_token=refresh-3`);
    expect(res.json().account).toMatchObject({ id: '7' });
    expect(gw.upstream.received(`${UAA}/auth/refresh`)).toHaveLength(1);
  });
});
