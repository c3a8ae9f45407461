import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { rawRequest } from '../support/raw-http';

// Issue #27 item 2 (ADR 0247): only origin-form targets reach the routes. A request line in
// absolute form (`POST http://host/auth/sign-in HTTP/1.1`) was routed by its path while the rate
// limits and the X-CSRF rule read the raw target and let it through. Sent on a raw connection:
// no browser writes such a request line.
let gw: EndpointGateway;
let base: string;
const HOST = 'shop.localhost';

beforeAll(async () => {
  gw = await startEndpointGateway({ RATE_LIMIT_SIGN_IN: '3/60', RATE_LIMIT_GUEST: '2/60' });
  gw.upstream.on('*', /.*/, { body: { ok: true } });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
});
afterAll(() => gw?.close());

const WRITE = { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/json' };

function expectRefusedTarget(answer: Awaited<ReturnType<typeof rawRequest>>) {
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body)).toEqual({
    error: {
      code: 'bad_path',
      message: expect.stringContaining('origin-form'),
      cid: answer.headers['x-correlation-id'],
    },
  });
}

describe('request targets other than origin-form', () => {
  it('refuses an absolute-form sign-in with 400 before uaa or the limits see it', async () => {
    const body = JSON.stringify({ email: 'ann@example.com', password: 'guess' });
    for (let i = 0; i < 5; i++) {
      const answer = await rawRequest(
        base,
        'POST',
        `http://${HOST}/auth/sign-in`,
        { ...WRITE, 'x-csrf': '1' },
        body,
      );
      expectRefusedTarget(answer);
    }
    expect(gw.upstream.received('/api/services/uaa')).toHaveLength(0);
  });

  it('refuses an absolute-form sign-out without X-CSRF (never 204)', async () => {
    const answer = await rawRequest(base, 'POST', `http://${HOST}/auth/sign-out`, WRITE, '{}');
    expect(answer.status).not.toBe(204);
    expectRefusedTarget(answer);
  });

  it('refuses absolute-form guest sessions and proxied calls', async () => {
    expectRefusedTarget(
      await rawRequest(base, 'POST', `http://${HOST}/auth/guest`, { ...WRITE, 'x-csrf': '1' }),
    );
    expectRefusedTarget(
      await rawRequest(base, 'GET', `http://${HOST}/api/services/catalogue/api/v1/search?q=a`, {
        host: HOST,
      }),
    );
    expectRefusedTarget(await rawRequest(base, 'GET', `https://${HOST}/`, { host: HOST }));
    expect(gw.upstream.received('/')).toHaveLength(0);
  });

  it('refuses authority-form and `*` other than for OPTIONS', async () => {
    // Node's parser refuses authority-form itself (other than CONNECT, refused on its own), in
    // the gateway's error shape.
    for (const method of ['GET', 'POST']) {
      const authority = await rawRequest(base, method, `${HOST}:443`, { host: HOST });
      expect(authority.status).toBe(400);
      expect(JSON.parse(authority.body)).toMatchObject({ error: { code: 'bad_request' } });
    }
    expectRefusedTarget(await rawRequest(base, 'GET', '*', { host: HOST }));
    const options = await rawRequest(base, 'OPTIONS', '*', { host: HOST });
    expect(options.status).not.toBe(400);
  });

  it('still serves origin-form targets', async () => {
    const answer = await rawRequest(
      base,
      'POST',
      '/auth/sign-out',
      { ...WRITE, 'x-csrf': '1' },
      '{}',
    );
    expect(answer.status).toBe(204);
  });
});
