import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// Issue #12 item 6 (gateway side): security headers, CONNECT and parser errors in the JSON shape,
// page actions given something other than form data, copyBookingToCart as a write, Host checks.
let gw: PageGateway;
let base: string;
let port: number;
beforeAll(async () => {
  gw = await startPageGateway();
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
  base = `http://localhost:${port}`;
});
afterAll(async () => {
  await gw.app.close();
  await gw.upstream.close();
});
beforeEach(() => {
  gw.upstream.reset();
  serveContext(gw.upstream);
});

const shape = (body: string) =>
  expect(JSON.parse(body)).toEqual({
    error: { code: expect.any(String), message: expect.any(String), cid: expect.any(String) },
  });

/** Writes raw bytes on a fresh connection and returns everything the gateway answers. */
function rawSocket(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('security headers', () => {
  it('on a page and on a JSON error, keeping the per-response CSP nonce', async () => {
    const page = await rawRequest(base, 'GET', '/blink-test');
    const error = await rawRequest(base, 'GET', '//x/');
    for (const answer of [page, error]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    expect(page.headers['content-security-policy']).toMatch(/'nonce-[^']+'/);
  });
});

describe('answers outside the router', () => {
  it('CONNECT gets 405 JSON instead of a closed connection', async () => {
    const text = await rawSocket(
      'CONNECT evil.example:443 HTTP/1.1\r\nhost: evil.example:443\r\n\r\n',
    );
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    shape(text.slice(text.indexOf('\r\n\r\n') + 4));
  });

  it('a request Node cannot parse gets 400 JSON', async () => {
    const text = await rawSocket('GET / HTTP/1.1\r\nhost: a\r\nbad header\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    shape(text.slice(text.indexOf('\r\n\r\n') + 4));
  });

  it('two Host headers: 400 JSON', async () => {
    const text = await rawSocket(
      'GET / HTTP/1.1\r\nhost: localhost\r\nhost: evil.example\r\nconnection: close\r\n\r\n',
    );
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    shape(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('a Host port out of range: 400 JSON', async () => {
    const answer = await rawRequest(base, 'GET', '/', { host: 'localhost:99999' });
    expect(answer.status).toBe(400);
    shape(answer.body);
    expect(gw.upstream.requests).toHaveLength(0);
  });
});

describe('page actions given something other than form data', () => {
  const origin = () => ({ origin: base });
  it.each([
    ['JSON', 'application/json', '{"intent":"save-info"}', 415],
    ['text', 'text/plain', 'intent=save-info', 415],
    ['no content type, empty', undefined, '', 415],
    ['malformed multipart', 'multipart/form-data; boundary=xyz', '--xyz\r\nbroken', 400],
  ] as const)('%s: %s JSON, the action never runs', async (_what, type, body, status) => {
    for (const path of ['/social-login', '/checkout', '/profile/info', '/orders/1', '/cart']) {
      const answer = await rawRequest(
        base,
        'POST',
        path,
        { ...origin(), ...(type ? { 'content-type': type } : {}) },
        body,
      );
      expect(answer.status).toBe(status);
      shape(answer.body);
    }
    expect(gw.upstream.requests).toHaveLength(0);
  });
});

describe('copyBookingToCart (a GET that changes the cart)', () => {
  const path = '/api/services/booking-ms/api/v1/bookings/cart/copyBookingToCart?bookingId=b1';
  it('needs X-CSRF like a write; the upstream sees nothing without it', async () => {
    const answer = await rawRequest(base, 'GET', path, { origin: base });
    expect(answer.status).toBe(403);
    shape(answer.body);
    expect(gw.upstream.requests).toHaveLength(0);
  });

  it('is never retried, even on a 503', async () => {
    gw.upstream.on('GET', /copyBookingToCart/, { status: 503, body: { error: 'busy' } });
    const answer = await rawRequest(base, 'GET', path, { 'x-csrf': '1', origin: base });
    expect(answer.status).toBe(503);
    expect(gw.upstream.received('/api/services/booking-ms/')).toHaveLength(1);
  });
});
