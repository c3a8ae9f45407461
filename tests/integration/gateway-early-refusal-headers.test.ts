import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Security headers on every answer (ADR 0124), also those given before the gateway's hooks ran:
// a target that is not a path (the first hook refuses it), one Fastify cannot decode (a framework
// error, before any hook), an Expect Node answers itself, a request Node's parser refuses. Each
// went out without nosniff, X-Frame-Options, HSTS and the rest.
let gw: EndpointGateway;
let port: number;
beforeAll(async () => {
  gw = await startEndpointGateway({ COOKIE_SECURE: 'true' });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(async () => gw.close());

/** Writes raw bytes on a fresh connection; the answer's status and lower-cased headers. */
function rawExchange(bytes: string): Promise<{ status: number; headers: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      const [statusLine = '', ...lines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
      const headers = new Map(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
    socket.on('error', reject);
  });
}

const CASES: [string, number, string][] = [
  [
    'an absolute-form target',
    400,
    'GET http://localhost/ HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n',
  ],
  [
    'a page target Fastify cannot decode',
    400,
    'GET /%zz HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n',
  ],
  [
    'a proxied target Fastify cannot decode',
    400,
    'GET /api/services/catalogue/%zz HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n',
  ],
  [
    'an Expect other than 100-continue',
    417,
    'GET / HTTP/1.1\r\nhost: localhost\r\nexpect: later\r\nconnection: close\r\n\r\n',
  ],
  ['a request Node cannot parse', 400, 'GET / HTTP/1.1\r\nhost: a\r\nbad header\r\n\r\n'],
];

describe('security headers on answers given before the hooks', () => {
  it.each(CASES)('%s', async (_name, status, bytes) => {
    const answer = await rawExchange(bytes);
    expect(answer.status).toBe(status);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(gw.upstream.requests).toHaveLength(0);
  });
});
