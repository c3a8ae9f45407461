import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../../server/plugins/security-headers';
import { CID_PATTERN } from '../../shared/cid';
import { sendBytes } from '../support/raw-bytes';
import { startShop, type TestShop } from '../support/shop';
import type { SocketResponse } from '../support/socket-exchange';

// A method no route takes anywhere is a 501 `not_implemented` (RFC 9110 15.6.2), whatever the
// path, on the gateway (pages, the proxy, its own routes) and the platform; `OPTIONS *` is a 200
// whose Allow names what the server implements (9.3.7). Methods either server knows keep ADR
// 0385's 405 and 404 (docs/decisions/0392). Raw bytes: a client would not send `FOO`.
let shop: TestShop;
let gatewayPort: number;
let platformPort: number;
const reports: number[] = [];
beforeAll(async () => {
  shop = await startShop();
  gatewayPort = Number(new URL(shop.url).port);
  platformPort = Number(new URL(shop.platform.url).port);
  shop.gateway.errorReporters.push(({ status }) => void reports.push(status));
}, 120_000);
afterAll(() => shop?.close());

const CATEGORIES = '/api/services/catalogue/api/v1/categories';
const GATEWAY_HEADERS = securityHeaders(helmetOptions({ cookieSecure: false }));

async function ask(port: number, line: string, headers: string[] = []): Promise<SocketResponse> {
  const exchange = await sendBytes(
    port,
    `${line} HTTP/1.1\r\nHost: localhost:${port}\r\n${headers.join('')}Connection: close\r\n\r\n`,
  );
  expect(exchange.responses).toHaveLength(1);
  return exchange.responses[0]!;
}

/** The gateway's error: its status, shape and code, the CID also in X-Correlation-ID. */
function expectGatewayError(response: SocketResponse, status: number, code: string): string {
  expect(response.status).toBe(status);
  const { error } = JSON.parse(response.body.toString()) as {
    error: { code: string; message: string; cid: string };
  };
  expect(error.code).toBe(code);
  expect(error.cid).toMatch(CID_PATTERN);
  expect(response.headers['x-correlation-id']).toEqual([error.cid]);
  return error.message;
}

describe('the gateway', () => {
  it.each([
    ['PROPFIND', '/search/milk'],
    ['PURGE', '/cart'],
    ['MKCOL', '/nothing/here'],
    ['PROPFIND', '/auth/session'],
    ['PURGE', '/healthz'],
    ['PROPFIND', CATEGORIES],
    ['PURGE', '/api/services/nothing/at/all'],
  ])('%s %s: 501, before CSRF and without calling the platform', async (method, path) => {
    for (const headers of [[], ['X-CSRF: 1\r\n', `Origin: http://localhost:${gatewayPort}\r\n`]]) {
      const response = await ask(gatewayPort, `${method} ${path}`, headers);
      expect(expectGatewayError(response, 501, 'not_implemented')).toBe(
        `${method} is not implemented by this server`,
      );
      expect(response.headers.allow).toBeUndefined();
      for (const [name, value] of Object.entries(GATEWAY_HEADERS))
        expect(response.headers[name], name).toEqual([value]);
    }
    expect(reports).toEqual([]);
  });

  it("a method Node's parser does not know is the same 501; a malformed one stays a 400", async () => {
    for (const path of ['/search/milk', CATEGORIES]) {
      const response = await ask(gatewayPort, `FOO ${path}`);
      expect(expectGatewayError(response, 501, 'not_implemented')).toBe(
        'FOO is not implemented by this server',
      );
      expect(response.headers['x-content-type-options']).toEqual(['nosniff']);
    }
    expectGatewayError(await ask(gatewayPort, 'G@T /search/milk'), 400, 'bad_request');
  });

  it('the proxy never passes such a method on: the service is untouched and still answers', async () => {
    for (let n = 0; n < 8; n++)
      expect((await ask(gatewayPort, `PROPFIND ${CATEGORIES}`, ['X-CSRF: 1\r\n'])).status).toBe(
        501,
      );
    expect((await ask(gatewayPort, `GET ${CATEGORIES}`)).status).toBe(200);
  });

  it('OPTIONS *: 200, no content, Allow naming what the gateway implements', async () => {
    const response = await ask(gatewayPort, 'OPTIONS *');
    expect(response.status).toBe(200);
    expect(response.headers.allow).toEqual(['GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS']);
    expect(response.headers['content-length']).toEqual(['0']);
    expect(response.body.length).toBe(0);
    expect(response.headers['x-correlation-id']).toEqual([expect.stringMatching(CID_PATTERN)]);
    expect(response.headers['x-content-type-options']).toEqual(['nosniff']);
  });

  it('a method it knows keeps its 405 or 404; `*` stays for OPTIONS alone', async () => {
    const trace = await ask(gatewayPort, 'TRACE /search/milk');
    expectGatewayError(trace, 405, 'method_not_allowed');
    expect(trace.headers.allow).toEqual(['GET, HEAD']);
    const options = await ask(gatewayPort, 'OPTIONS /auth/session');
    expectGatewayError(options, 405, 'method_not_allowed');
    expect(options.headers.allow).toEqual(['GET, HEAD']);
    const missing = await ask(gatewayPort, 'PUT /api/services/catalogue/api/v1/nothing', [
      'X-CSRF: 1\r\n',
    ]);
    expectGatewayError(missing, 404, 'not_found');
    expectGatewayError(await ask(gatewayPort, 'PROPFIND *'), 400, 'bad_path');
    expect(reports).toEqual([]);
  });
});

describe('the platform', () => {
  // The headers the gateway sends for a shop, its CID among them (the error answers carry it).
  const platformHeaders = () =>
    Object.entries(shop.platform.headers())
      .filter(([name]) => name !== 'host')
      .map(([name, value]) => `${name}: ${value}\r\n`);

  it('answers 501 in each service’s shape, whatever the path', async () => {
    for (const line of [`PROPFIND ${CATEGORIES}`, 'PURGE /nothing', 'FOO /healthz']) {
      const response = await ask(platformPort, line, platformHeaders());
      expect(response.status, line).toBe(501);
      const method = line.split(' ', 1)[0]!;
      expect(JSON.parse(response.body.toString())).toEqual({
        error: {
          code: 'not_implemented',
          message: `${method} is not implemented by this server`,
          // Node's parser refused FOO before any header was read: a CID of its own.
          cid:
            method === 'FOO'
              ? expect.stringMatching(CID_PATTERN)
              : shop.platform.headers()['x-correlation-id'],
        },
      });
    }
    const uaa = await ask(platformPort, 'PROPFIND /api/services/uaa/api/v1/account');
    expect(uaa.status).toBe(501);
    expect(JSON.parse(uaa.body.toString())).toMatchObject({
      error: 'not_implemented',
      error_description: 'PROPFIND is not implemented by this server',
    });
  });

  it('OPTIONS *: 200, no content, Allow naming what its routes take', async () => {
    const response = await ask(platformPort, 'OPTIONS *');
    expect(response.status).toBe(200);
    expect(response.headers.allow).toEqual(['GET, HEAD, POST, PUT, DELETE, OPTIONS']);
    expect(response.headers['content-length']).toEqual(['0']);
    expect(response.body.length).toBe(0);
  });

  it('a method it knows keeps its 405 or 404', async () => {
    const put = await ask(platformPort, `PUT ${CATEGORIES}`, platformHeaders());
    expect(put.status).toBe(405);
    expect(put.headers.allow).toEqual(['GET, HEAD']);
    expect((await ask(platformPort, 'TRACE /nothing')).status).toBe(404);
    expect((await ask(platformPort, 'PUT /api/services/catalogue/api/v1/nothing')).status).toBe(
      404,
    );
  });
});
