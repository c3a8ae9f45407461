import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Issue #12 item 6, "platform errors passed through": a proxied 4xx/5xx reaches the browser in the
// gateway's error shape { error: { code, message, cid } } with the platform's status and message
// and the gateway's CID (docs/decisions/0127). Answers that are not errors stream through as sent.
const SHOP = { host: 'shop.localhost' };
const ORDERS = '/api/services/orders/api/v1/orders';

let gw: EndpointGateway;
beforeAll(async () => {
  gw = await startEndpointGateway();
});
afterAll(() => gw.close());
beforeEach(() => gw.upstream.reset());

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
  gw.app.inject({ method, url, headers: SHOP });

describe('proxied error answers in the error shape', () => {
  it("a service error keeps its status, code and message, and gets the gateway's CID", async () => {
    gw.upstream.on('GET', `${ORDERS}/7`, {
      status: 404,
      body: { error: { code: 'not_found', message: 'No order 7', cid: 'upstream-cid' } },
    });
    const res = await get(`${ORDERS}/7`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const cid = res.headers['x-correlation-id'];
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No order 7', cid } });
  });

  it("uaa's OAuth-style error: its code and description, the WWW-Authenticate header kept", async () => {
    gw.upstream.on('GET', '/api/services/uaa/api/v1/account', {
      status: 401,
      headers: { 'www-authenticate': 'Bearer' },
      body: { error: 'invalid_token', error_description: 'Missing or invalid access token' },
    });
    const res = await get('/api/services/uaa/api/v1/account');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_token',
        message: 'Missing or invalid access token',
        cid: res.headers['x-correlation-id'],
      },
    });
  });

  it('what else the body said is kept under details; Retry-After is kept', async () => {
    gw.upstream.on('GET', ORDERS, {
      status: 429,
      headers: { 'retry-after': '17' },
      body: { error: { code: 'rate_limited', message: 'Slow down', field: 'x' }, retryAfter: 17 },
    });
    const res = await get(ORDERS);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('17');
    expect(res.json().error).toEqual({
      code: 'rate_limited',
      message: 'Slow down',
      cid: res.headers['x-correlation-id'],
      details: { field: 'x', retryAfter: 17 },
    });
  });

  it('a compressed error body is read', async () => {
    gw.upstream.on('GET', ORDERS, {
      status: 409,
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ error: { code: 'conflict', message: 'Changed meanwhile' } })),
    });
    const res = await get(ORDERS);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().error).toMatchObject({ code: 'conflict', message: 'Changed meanwhile' });
  });

  it('a body that is not JSON (a balancer page): the status with a message naming the service', async () => {
    gw.upstream.on('GET', ORDERS, {
      status: 500,
      headers: { 'content-type': 'text/html' },
      body: '<html><body>Internal Server Error</body></html>',
    });
    const res = await get(ORDERS);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: 'internal_error',
        message: 'The orders service answered 500 Internal Server Error',
        cid: res.headers['x-correlation-id'],
      },
    });
  });

  it('HEAD gets the status without a body; a 2xx streams through untouched', async () => {
    gw.upstream.on('HEAD', ORDERS, { status: 404 });
    expect((await get(ORDERS, 'HEAD')).statusCode).toBe(404);
    gw.upstream.on('GET', ORDERS, {
      headers: { 'content-type': 'text/plain' },
      body: 'plain answer',
    });
    const ok = await get(ORDERS);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('plain answer');
  });
});
