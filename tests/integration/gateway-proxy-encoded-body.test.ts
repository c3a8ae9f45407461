import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { endpointGatewayPerFile, WRITE } from '../support/endpoint-gateway';

// A proxied write whose body comes with a Content-Encoding: the gateway decodes it (@fastify/compress
// is registered globally, plugins/compression.ts) and counts the decoded bytes against the body
// limit, so the upstream gets the decoded body and must not get the sender's Content-Length (the
// length of the encoded bytes). Before, undici refused the mismatch: a 502 "could not be
// reached", a warning and an error report blaming booking-ms for a client's request.
const gw = endpointGatewayPerFile();

const CART_ITEM = '/api/services/booking-ms/api/v1/bookings/cart/tenant/t1/item';
const ITEM = { offeringId: 'o1', quantity: 2, byCase: false };

const put = (body: Buffer, encoding: string) =>
  gw.app.inject({
    method: 'PUT',
    url: CART_ITEM,
    headers: { ...WRITE, 'content-type': 'application/json', 'content-encoding': encoding },
    payload: body,
  });

describe('a proxied write with an encoded body', () => {
  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ])('passes a %s body to the upstream decoded', async (encoding, encode) => {
    const res = await put(encode(Buffer.from(JSON.stringify(ITEM))), encoding);
    expect(res.statusCode).toBe(200);
    const [seen, ...more] = gw.upstream.requests;
    expect(more).toHaveLength(0);
    expect(JSON.parse(seen!.body)).toEqual(ITEM);
    expect(seen!.headers['content-encoding']).toBeUndefined();
  });

  it('a short body whose encoding is longer than it (gzip of `{}`) arrives whole too', async () => {
    const res = await put(gzipSync(Buffer.from('{}')), 'gzip');
    expect(res.statusCode).toBe(200);
    expect(gw.upstream.requests.map((r) => r.body)).toEqual(['{}']);
  });

  it('an encoding that does not decode is a 400, never blamed on the upstream', async () => {
    const res = await put(Buffer.from('not gzip at all'), 'gzip');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'bad_request' } });
    expect(gw.logs.some((line) => line.msg === 'proxied call failed')).toBe(false);
  });
});
