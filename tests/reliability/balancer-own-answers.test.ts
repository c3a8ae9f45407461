import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../../server/plugins/security-headers';
import { CID_PATTERN } from '../../shared/cid';
import { codeOfStatus } from '../../shared/error-codes';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { sendsEarlyErrorPages, startHaproxy, type Haproxy } from '../support/haproxy';
import { CLOSED_PORT } from '../support/closed-port';
import { freePort, startNginx, type Nginx } from '../support/nginx';
import { sendBytes } from '../support/raw-bytes';
import type { SocketResponse } from '../support/socket-exchange';

// What nginx answers itself with the shipped rules (deploy/nginx-proxy.conf): no replica (502),
// none in time (504, the gateway's code for it: docs/decisions/0396), a head over its buffers
// (431). They carry what every gateway answer carries: the gateway's
// security headers (HSTS included: the rules serve the https server) and the CID in
// X-Correlation-ID, the cid of their body; they had neither. No answer names nginx's version
// (`server_tokens off`), and a proxied answer keeps the gateway's headers, each once
// (docs/decisions/0329). HAProxy's own answers with the shipped deploy/haproxy.cfg the same
// (docs/decisions/0378), a replica too slow (504) too; a head over its buffer gets its error page
// (no CID: none can be had before a request exists) from HAProxy 3.3 on, 2.6's own HTML page
// before (docs/decisions/0386, 0393). Raw bytes through Debian's nginx and HAProxy.
const GATEWAY_HEADERS = securityHeaders(helmetOptions({ cookieSecure: true }));
const earlyPages = sendsEarlyErrorPages();
if (!earlyPages)
  console.warn(
    'balancer-own-answers: this HAProxy writes its own HTML page for a head over its buffer (3.3 sends the shipped page; HAPROXY_PATH); that case skipped',
  );
let gateway: EndpointGateway;
let nginx: Nginx;
let port: number;
let orphan: Nginx;
let orphanPort: number;
let haproxy: Haproxy;
let orphanHaproxy: Haproxy;
let silent: Server;
let slowHaproxy: Haproxy;
let slowNginx: Nginx;
let slowNginxPort: number;

beforeAll(async () => {
  port = await freePort();
  const haproxyPort = await freePort();
  gateway = await startEndpointGateway({
    PUBLIC_PORTS: `${port},${haproxyPort}`,
    HOST: '127.0.0.1',
  });
  gateway.upstream.on('*', /.*/, (request) => ({ body: { path: request.path } }));
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  nginx = await startNginx([(gateway.app.server.address() as { port: number }).port], port);
  // A balancer whose only replica is gone: nothing listens on its port.
  orphanPort = await freePort();
  orphan = await startNginx([CLOSED_PORT], orphanPort);
  haproxy = await startHaproxy(
    [(gateway.app.server.address() as { port: number }).port],
    haproxyPort,
  );
  orphanHaproxy = await startHaproxy([CLOSED_PORT]);
  // A replica that is ready but never answers a request: HAProxy's own 504, its `timeout server`
  // shortened from the shipped 60 s.
  silent = createServer((request, response) => {
    if (request.url === '/readyz') response.end('ready');
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  slowHaproxy = await startHaproxy([(silent.address() as { port: number }).port], undefined, {
    backend: ['timeout server 1s'],
  });
  // nginx's own 504 the same way, its `proxy_read_timeout` shortened from the shipped 60 s.
  slowNginxPort = await freePort();
  slowNginx = await startNginx([(silent.address() as { port: number }).port], slowNginxPort, {
    readTimeout: '1s',
  });
}, 60_000);

afterAll(async () => {
  await slowNginx?.close();
  await slowHaproxy?.close();
  silent?.closeAllConnections();
  silent?.close();
  await orphanHaproxy?.close();
  await haproxy?.close();
  await orphan?.close();
  await nginx?.close();
  await gateway?.close();
});

const request = (target: string, headers: string[] = []) =>
  `GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nX-CSRF: 1\r\n${headers.join('')}Connection: close\r\n\r\n`;

async function answer(at: number, bytes: string): Promise<SocketResponse> {
  const exchange = await sendBytes(at, bytes);
  expect(exchange.responses).toHaveLength(1);
  return exchange.responses[0]!;
}

/** The gateway's security headers, each once, and the body's CID in X-Correlation-ID. */
function expectGatewayHeaders(response: SocketResponse) {
  for (const [name, value] of Object.entries(GATEWAY_HEADERS))
    expect(response.headers[name], name).toEqual([value]);
  const { cid } = (JSON.parse(response.body.toString()) as { error: { cid: string } }).error;
  expect(cid).toMatch(CID_PATTERN);
  expect(response.headers['x-correlation-id']).toEqual([cid]);
}

describe("nginx's own answers", () => {
  it('no replica to answer: a 502 with the gateway headers', async () => {
    const response = await answer(orphanPort, request('/api/services/catalogue/x'));
    expect(response.status).toBe(502);
    expectGatewayHeaders(response);
    expect(response.headers['cache-control']).toEqual(['no-store']);
  });

  it("no answer in time: a 504 with the gateway's code for it and the gateway headers", async () => {
    const response = await answer(slowNginxPort, request('/api/services/catalogue/slow'));
    expect(response.status).toBe(504);
    expect(JSON.parse(response.body.toString())).toMatchObject({
      error: { code: codeOfStatus(504), message: expect.stringContaining('in time') },
    });
    expectGatewayHeaders(response);
    expect(response.headers['cache-control']).toEqual(['no-store']);
  });

  it('a head over its buffers: a 431 with the gateway headers', async () => {
    const response = await answer(
      port,
      request('/api/services/catalogue/x', [`Cookie: jar=${'x'.repeat(20_000)}\r\n`]),
    );
    expect(response.status).toBe(431);
    expectGatewayHeaders(response);
    expect(gateway.upstream.received('/api/services/catalogue/x')).toEqual([]);
  });

  it("names no version of nginx, on its own answers nor on the gateway's", async () => {
    const page = await answer(port, request(`/search/${'a'.repeat(20_000)}`));
    expect(page.status).toBe(414);
    const unreachable = await answer(orphanPort, request('/'));
    const proxied = await answer(port, request('/api/services/catalogue/x'));
    expect(proxied.status).toBe(200);
    for (const response of [page, unreachable, proxied]) {
      expect(response.headers.server).toEqual(['nginx']);
      expect(response.body.toString()).not.toMatch(/nginx\/\d/);
    }
  });

  it("passes the gateway's own answer with its headers once, its CID its own", async () => {
    const proxied = await answer(port, request('/api/services/catalogue/x'));
    expect(proxied.status).toBe(200);
    for (const [name, value] of Object.entries(GATEWAY_HEADERS))
      expect(proxied.headers[name], name).toEqual([value]);
    expect(proxied.headers['x-correlation-id']).toEqual([expect.stringMatching(CID_PATTERN)]);
  });
});

describe("HAProxy's own answers (deploy/haproxy.cfg)", () => {
  it('no replica to answer: a 503 in the JSON shape, with the gateway headers', async () => {
    const response = await answer(orphanHaproxy.port, request('/api/services/catalogue/x'));
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toEqual(['application/json']);
    expect(JSON.parse(response.body.toString())).toMatchObject({
      error: { code: codeOfStatus(503) },
    });
    expectGatewayHeaders(response);
    expect(response.headers['cache-control']).toEqual(['no-store']);
    expect(response.headers.server).toBeUndefined();
  });

  it("no answer in time: a 504 with the gateway's code for it, its cid the one of X-Correlation-ID", async () => {
    const response = await answer(slowHaproxy.port, request('/api/services/catalogue/slow'));
    expect(response.status).toBe(504);
    expect(JSON.parse(response.body.toString())).toMatchObject({
      error: { code: codeOfStatus(504), message: expect.stringContaining('in time') },
    });
    expectGatewayHeaders(response);
  });

  it("a head over the gateway's 16 KB within HAProxy's buffer: the gateway's own 431", async () => {
    // Over its buffer (tune.bufsize) HAProxy refuses a head itself, before any rule runs: below.
    const response = await answer(
      haproxy.port,
      request('/api/services/catalogue/x', [`Cookie: jar=${'x'.repeat(20_000)}\r\n`]).replace(
        `:${port}`,
        `:${haproxy.port}`,
      ),
    );
    expect(response.status).toBe(431);
    expectGatewayHeaders(response);
  });

  it.runIf(earlyPages)(
    'a head over its buffer: its error page, in the JSON shape with the gateway headers',
    async () => {
      // Refused before any rule runs, with no request to name a CID from (ADR 0386).
      const response = await answer(
        haproxy.port,
        request('/api/services/catalogue/jar', [`Cookie: jar=${'x'.repeat(40_000)}\r\n`]).replace(
          `:${port}`,
          `:${haproxy.port}`,
        ),
      );
      expect(response.status).toBe(431);
      expect(response.headers['content-type']).toEqual(['application/json']);
      expect(JSON.parse(response.body.toString())).toEqual({
        error: { code: 'headers_too_large', message: expect.stringContaining('32 KB') },
      });
      for (const [name, value] of Object.entries(GATEWAY_HEADERS))
        expect(response.headers[name], name).toEqual([value]);
      expect(response.headers['cache-control']).toEqual(['no-store']);
      expect(gateway.upstream.received('/api/services/catalogue/jar')).toEqual([]);
    },
  );

  it("passes the gateway's own answer with its headers once, its CID its own", async () => {
    const proxied = await answer(
      haproxy.port,
      request('/api/services/catalogue/x').replace(`:${port}`, `:${haproxy.port}`),
    );
    expect(proxied.status).toBe(200);
    for (const [name, value] of Object.entries(GATEWAY_HEADERS))
      expect(proxied.headers[name], name).toEqual([value]);
    expect(proxied.headers['x-correlation-id']).toEqual([expect.stringMatching(CID_PATTERN)]);
  });
});
