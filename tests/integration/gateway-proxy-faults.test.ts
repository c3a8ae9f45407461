import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLOSED_PORT } from '../support/closed-port';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Issue #2 point 8, faults: body limit, timeouts, unreachable upstream, retries, breakers
// (streaming and aborts: gateway-proxy-streaming.test.ts).
const WRITE = { host: 'shop.localhost', 'x-csrf': '1', origin: 'http://shop.localhost' };
const MiB = 1024 * 1024;

describe('with the recording upstream', () => {
  let gw: EndpointGateway;
  beforeAll(async () => {
    gw = await startEndpointGateway({ PROXY_TIMEOUT_MS: '1000' });
  });
  afterAll(() => gw.close());
  beforeEach(() => gw.upstream.reset());

  it('refuses a declared body over 1 MiB with 413 JSON; the upstream sees nothing', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/services/orders/api/v1/orders',
      headers: {
        ...WRITE,
        'content-type': 'application/json',
        cookie: 'access_token=a; refresh_token=r',
      },
      payload: Buffer.alloc(MiB + 1, 0x61),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'payload_too_large',
      cid: res.headers['x-correlation-id'],
    });
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('passes a body just under the limit intact', async () => {
    gw.upstream.on('PUT', /.*/, (r) => ({ body: { length: r.body.length } }));
    const res = await gw.app.inject({
      method: 'PUT',
      url: '/api/services/booking-ms/api/v1/x',
      headers: { ...WRITE, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(MiB, 0x62),
    });
    expect(res.json()).toEqual({ length: MiB });
  });

  it('answers 504 JSON upstream_timeout when the upstream hangs', async () => {
    gw.upstream.on('GET', /.*/, { delayMs: 3000, body: {} });
    const started = Date.now();
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/services/catalogue/slow',
      headers: { host: 'shop.localhost' },
    });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({
      error: {
        code: 'upstream_timeout',
        message: expect.stringContaining('catalogue'),
        cid: res.headers['x-correlation-id'],
      },
    });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('answers 502 JSON when the upstream drops the connection of a read twice', async () => {
    gw.upstream.on('GET', /.*/, { destroy: true });
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/services/catalogue/x',
      headers: { host: 'shop.localhost' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('upstream_unreachable');
    expect(gw.upstream.requests).toHaveLength(2); // asked again once (ADR 0353)
  });

  it('asks a read again once after its connection dropped: the visitor gets the second answer', async () => {
    let calls = 0;
    gw.upstream.on('GET', /.*/, () => (++calls === 1 ? { destroy: true } : { body: { ok: 2 } }));
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/services/catalogue/x',
      headers: { host: 'shop.localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 2 });
    expect(gw.upstream.requests).toHaveLength(2);
  });

  it('never asks a write again after its connection dropped', async () => {
    gw.upstream.on('POST', /.*/, { destroy: true });
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/services/orders/api/v1/orders',
      headers: WRITE,
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(502);
    expect(gw.upstream.requests).toHaveLength(1);
  });

  it('never retries a POST on 503: the upstream sees exactly one', async () => {
    gw.upstream.on('POST', /.*/, {
      status: 503,
      body: { error: { code: 'unavailable', message: 'busy' } },
    });
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/services/orders/api/v1/orders',
      headers: WRITE,
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(503);
    expect(gw.upstream.requests).toHaveLength(1);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('never retries a %s on 503', async (method) => {
    gw.upstream.on(method, /.*/, { status: 503 });
    await gw.app.inject({ method, url: '/api/services/orders/api/v1/orders/1', headers: WRITE });
    expect(gw.upstream.requests).toHaveLength(1);
  });

  it('retries a GET on 503 at most once', async () => {
    gw.upstream.on('GET', /.*/, { status: 503, headers: { 'retry-after': '3600' }, body: {} });
    const res = await gw.app.inject({
      method: 'GET',
      url: '/api/services/catalogue/x',
      headers: { host: 'shop.localhost' },
    });
    expect(res.statusCode).toBe(503);
    expect(gw.upstream.requests).toHaveLength(2);
  });
});

describe('circuit breaker per service', () => {
  it('after 5 consecutive upstream failures fails fast with 503 JSON; other services are not affected', async () => {
    const gw = await startEndpointGateway();
    try {
      gw.upstream.on('POST', /orders/, { status: 503, body: {} });
      gw.upstream.on('GET', /catalogue/, { body: { ok: true } });
      for (let i = 0; i < 5; i++) {
        expect(
          (await gw.app.inject({ method: 'POST', url: '/api/services/orders/x', headers: WRITE }))
            .statusCode,
        ).toBe(503);
      }
      const fast = await gw.app.inject({
        method: 'POST',
        url: '/api/services/orders/x',
        headers: WRITE,
      });
      expect(fast.statusCode).toBe(503);
      expect(fast.json().error).toMatchObject({
        code: 'upstream_unavailable',
        cid: fast.headers['x-correlation-id'],
      });
      expect(gw.upstream.received('/api/services/orders')).toHaveLength(5);

      const other = await gw.app.inject({
        method: 'GET',
        url: '/api/services/catalogue/x',
        headers: { host: 'shop.localhost' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('does not count client faults (4xx, oversized bodies) as upstream failures', async () => {
    const gw = await startEndpointGateway();
    try {
      gw.upstream.on('GET', /orders/, { status: 404, body: {} });
      for (let i = 0; i < 8; i++) {
        expect(
          (
            await gw.app.inject({
              method: 'GET',
              url: '/api/services/orders/x',
              headers: { host: 'shop.localhost' },
            })
          ).statusCode,
        ).toBe(404);
      }
      expect(gw.upstream.received('/api/services/orders')).toHaveLength(8);
    } finally {
      await gw.close();
    }
  });
});

describe('with a dead upstream', () => {
  it('answers 502 JSON upstream_unreachable', async () => {
    const gw = await startEndpointGateway({ PLATFORM_URL: `http://127.0.0.1:${CLOSED_PORT}` });
    try {
      const res = await gw.app.inject({
        method: 'GET',
        url: '/api/services/catalogue/x',
        headers: { host: 'shop.localhost' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: {
          code: 'upstream_unreachable',
          message: expect.any(String),
          cid: res.headers['x-correlation-id'],
        },
      });
    } finally {
      await gw.close();
    }
  });
});
