import { describe, expect, it } from 'vitest';
import {
  fastPathGatewayPerFile,
  shape,
  viaRoute as route,
  viaSocket as socket,
} from '../support/proxy-fast-path';

// ADR 0207 behind a load balancer (TRUST_PROXY): the fast path takes the shop's host and protocol
// and the visitor's address from X-Forwarded-* as Fastify does, only from trusted peers.
const ORDERS = '/api/services/orders/api/v1/orders';
const FORWARDED = {
  'x-forwarded-host': 'shop.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.9',
};

describe('from a trusted proxy', () => {
  const fp = fastPathGatewayPerFile({ TRUST_PROXY: '127.0.0.1' });

  it('serves it with the forwarded host, protocol and address, as the route does', async () => {
    const fast = await socket(fp, 'GET', ORDERS, FORWARDED);
    expect(fast.served).toBe(1);
    expect(fast.upstream[0]!.headers['x-domain-origin']).toBe('https://shop.example');
    const viaRoute = await route(fp, 'GET', ORDERS, FORWARDED);
    expect(shape(fast)).toEqual(shape(viaRoute));
    const lines = fp.gw.logs.filter((line) => line.msg === 'request completed');
    expect(lines.map((line) => line.remoteAddress)).toEqual(['203.0.113.9', '203.0.113.9']);
  });

  it('a malformed forwarded host is the route’s 400', async () => {
    const fast = await socket(fp, 'GET', ORDERS, { ...FORWARDED, 'x-forwarded-host': 'a b' });
    expect(fast.served).toBe(0);
    expect(fast.answer.status).toBe(400);
    expect(fast.upstream).toHaveLength(0);
  });
});

describe('from an untrusted peer', () => {
  const fp = fastPathGatewayPerFile({ TRUST_PROXY: '10.0.0.1' });

  it('ignores X-Forwarded-*, as the route does', async () => {
    const fast = await socket(fp, 'GET', ORDERS, FORWARDED);
    expect(fast.served).toBe(1);
    expect(fast.upstream[0]!.headers['x-domain-origin']).toBe('http://shop.localhost');
    const lines = fp.gw.logs.filter((line) => line.msg === 'request completed');
    expect(lines.map((line) => line.remoteAddress)).toEqual(['127.0.0.1']);
  });
});
