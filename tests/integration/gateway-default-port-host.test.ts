import { describe, expect, it } from 'vitest';
import { endpointGatewayPerFile } from '../support/endpoint-gateway';

// A Host (or a trusted proxy's X-Forwarded-Host) naming its scheme's default port is one the
// shop is at (ADR 0272: "a balancer on 80/443", as `proxy_set_header Host $host:$server_port`
// sends it). Its shop origin is the origin a browser names, without that port: a write from the
// shop's own page (Origin: https://shop.example) passed the port check and was then refused 403
// as cross-origin, and the platform was told X-Domain-Origin https://shop.example:443.
const gw = endpointGatewayPerFile({ env: { TRUST_PROXY: '127.0.0.1' } });

const CART_ITEM = '/api/services/booking-ms/api/v1/bookings/cart/tenant/t1/item';

describe('a Host with its scheme default port', () => {
  it('takes a same-origin write over http on :80', async () => {
    const res = await gw.app.inject({
      method: 'PUT',
      url: CART_ITEM,
      headers: {
        host: 'shop.localhost:80',
        origin: 'http://shop.localhost',
        'x-csrf': '1',
        'content-type': 'application/json',
      },
      payload: { offeringId: 'o1', quantity: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(gw.upstream.requests.map((r) => r.headers['x-domain-origin'])).toEqual([
      'http://shop.localhost',
    ]);
  });

  it('takes a same-origin write behind a TLS balancer that names :443', async () => {
    const res = await gw.app.inject({
      method: 'PUT',
      url: CART_ITEM,
      remoteAddress: '127.0.0.1',
      headers: {
        host: 'gateway.internal:3000',
        'x-forwarded-host': 'shop.localhost:443',
        'x-forwarded-proto': 'https',
        origin: 'https://shop.localhost',
        'x-csrf': '1',
        'content-type': 'application/json',
      },
      payload: { offeringId: 'o1', quantity: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(gw.upstream.requests.map((r) => r.headers['x-domain-origin'])).toEqual([
      'https://shop.localhost',
    ]);
  });

  it('still refuses another origin, and keeps a port that is not the default', async () => {
    const foreign = await gw.app.inject({
      method: 'PUT',
      url: CART_ITEM,
      headers: { host: 'shop.localhost:80', origin: 'http://evil.localhost', 'x-csrf': '1' },
    });
    expect(foreign.statusCode).toBe(403);
    const https80 = await gw.app.inject({
      method: 'PUT',
      url: CART_ITEM,
      remoteAddress: '127.0.0.1',
      headers: {
        host: 'shop.localhost',
        'x-forwarded-host': 'shop.localhost:80',
        'x-forwarded-proto': 'https',
        origin: 'https://shop.localhost',
        'x-csrf': '1',
      },
    });
    // :80 is not https's default port: no shop is published there (ADR 0272).
    expect(https80.statusCode).toBe(421);
    expect(gw.upstream.requests).toHaveLength(0);
  });
});
