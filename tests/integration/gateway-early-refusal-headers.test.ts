import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID_PATTERN } from '../../shared/cid';
import { requestLineOf } from '../support/request-lines';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';

// Security headers on every answer (ADR 0124), also those given before the gateway's hooks ran:
// a target that is not a path (the first hook refuses it), one Fastify cannot decode (a framework
// error, before any hook), an Expect Node answers itself, a request Node's parser refuses. Each
// went out without nosniff, X-Frame-Options, HSTS and the rest. And the CID on every answer (the
// gateway creates one for every request): those Node answers itself had it in their body alone,
// without the X-Correlation-ID header every other answer carries (ADR 0329).
let gw: EndpointGateway;
let port: number;
beforeAll(async () => {
  gw = await startEndpointGateway({ COOKIE_SECURE: 'true' });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  port = (gw.app.server.address() as AddressInfo).port;
});
afterAll(async () => gw.close());

/** Writes raw bytes on a fresh connection; the answer's status and lower-cased headers. */
function rawExchange(
  bytes: string,
): Promise<{ status: number; headers: Map<string, string>; body: string }> {
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
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
      });
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

const FORGED_CID = 'Forged0CidFromTheCaller000000000';
const CID_CASES: [string, number, string][] = [
  ...CASES,
  [
    'headers over 16 KiB (Node answers 431)',
    431,
    `GET / HTTP/1.1\r\nhost: localhost\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`,
  ],
  [
    'two Content-Length values (Node answers 400)',
    400,
    'POST /auth/sign-in HTTP/1.1\r\nhost: localhost\r\ncontent-length: 2\r\ncontent-length: 4\r\n\r\n{}{}',
  ],
  [
    'an unmet Expect on a page, a CID of the caller’s',
    417,
    `GET / HTTP/1.1\r\nhost: localhost\r\nexpect: later\r\nx-correlation-id: ${FORGED_CID}\r\nconnection: close\r\n\r\n`,
  ],
];

describe('the CID on answers given before the hooks', () => {
  it.each(CID_CASES)(
    '%s: X-Correlation-ID, the CID of the body and of the request line',
    async (_name, status, bytes) => {
      const answer = await rawExchange(bytes);
      expect(answer.status).toBe(status);
      const cid = (JSON.parse(answer.body) as { error: { cid: string } }).error.cid;
      expect(cid).toMatch(CID_PATTERN);
      expect(answer.headers.get('x-correlation-id')).toBe(cid);
      expect(await requestLineOf(gw.logs, cid)).toMatchObject({ statusCode: status });
      // A page's CID is the gateway's own, as for any page request (request/identity.ts).
      expect(cid).not.toBe(FORGED_CID);
    },
  );

  it('an unmet Expect on an API call keeps the page’s CID, as the call itself would', async () => {
    const answer = await rawExchange(
      `GET /api/services/catalogue/api/v1/brands HTTP/1.1\r\nhost: localhost\r\nexpect: later\r\nx-correlation-id: ${FORGED_CID}\r\nconnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(417);
    expect(answer.headers.get('x-correlation-id')).toBe(FORGED_CID);
  });
});
