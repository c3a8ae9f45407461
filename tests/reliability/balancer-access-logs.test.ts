import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID_PATTERN } from '../../shared/cid';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { startHaproxy, type Haproxy } from '../support/haproxy';
import { CLOSED_PORT } from '../support/closed-port';
import { freePort, startNginx, type Nginx } from '../support/nginx';
import { sendBytes } from '../support/raw-bytes';
import { requestLineOf } from '../support/request-lines';
import type { SocketResponse } from '../support/socket-exchange';

// The balancers' log lines, as an operator searches them with a CID a shopper reported
// (docs/decisions/0396): the CID of a balancer's own answer (an error page, a refusal) is in its
// line, and for an answer a gateway gave, the gateway's CID (its X-Correlation-ID) is in the
// balancer's line as in the gateway's own, so one search finds both. Neither balancer logged any
// id before (0393). nginx with the compose file's log format and its https server's access_log
// line (tests/support/nginx.ts), HAProxy with deploy/haproxy.cfg's log-format, both Debian's.
let gateway: EndpointGateway;
let port: number;
let haproxyPort: number;
let nginx: Nginx;
let orphanNginx: Nginx;
let orphanNginxPort: number;
let haproxy: Haproxy;
let orphanHaproxy: Haproxy;

beforeAll(async () => {
  port = await freePort();
  haproxyPort = await freePort();
  gateway = await startEndpointGateway({
    PUBLIC_PORTS: `${port},${haproxyPort}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  });
  gateway.upstream.on('*', /.*/, (request) => ({ body: { path: request.path } }));
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const gatewayPort = (gateway.app.server.address() as { port: number }).port;
  nginx = await startNginx([gatewayPort], port);
  haproxy = await startHaproxy([gatewayPort], haproxyPort);
  // Balancers whose only replica is gone: nothing listens on its port.
  orphanNginxPort = await freePort();
  orphanNginx = await startNginx([CLOSED_PORT], orphanNginxPort);
  orphanHaproxy = await startHaproxy([CLOSED_PORT]);
}, 60_000);

afterAll(async () => {
  await orphanHaproxy?.close();
  await orphanNginx?.close();
  await haproxy?.close();
  await nginx?.close();
  await gateway?.close();
});

const request = (at: number, target: string) =>
  `GET ${target} HTTP/1.1\r\nHost: localhost:${at}\r\nX-CSRF: 1\r\nConnection: close\r\n\r\n`;

async function answer(at: number, bytes: string): Promise<SocketResponse> {
  const exchange = await sendBytes(at, bytes);
  expect(exchange.responses).toHaveLength(1);
  return exchange.responses[0]!;
}

/** The answer's CID: X-Correlation-ID, the cid of an error's body too. */
function cidOf(response: SocketResponse): string {
  const [cid] = response.headers['x-correlation-id'] ?? [];
  expect(cid).toMatch(CID_PATTERN);
  return cid!;
}

/** nginx's line, a JSON object (deploy/nginx.compose.conf's `storefront` format). */
const parsed = (line: string) => JSON.parse(line) as Record<string, unknown>;

describe("nginx's access log", () => {
  it("holds its own error page's CID: no replica to answer, a 502", async () => {
    const response = await answer(orphanNginxPort, request(orphanNginxPort, '/api/services/x'));
    expect(response.status).toBe(502);
    const cid = cidOf(response);
    expect(JSON.parse(response.body.toString())).toMatchObject({ error: { cid } });
    expect(parsed(await orphanNginx.logLine(cid))).toMatchObject({
      cid,
      status: 502,
      request: 'GET /api/services/x HTTP/1.1',
      gateway_cid: '',
    });
  });

  it("holds its own refusal's CID: a target over its buffers, a 414", async () => {
    const response = await answer(port, request(port, `/search/${'a'.repeat(20_000)}`));
    expect(response.status).toBe(414);
    const cid = cidOf(response);
    expect(parsed(await nginx.logLine(cid))).toMatchObject({ cid, status: 414, gateway_cid: '' });
  });

  it("holds the gateway's CID of an answer the gateway gave, as the gateway's own line", async () => {
    const response = await answer(port, request(port, '/api/services/catalogue/logged'));
    expect(response.status).toBe(200);
    const cid = cidOf(response);
    const line = parsed(await nginx.logLine(cid));
    expect(line).toMatchObject({
      gateway_cid: cid,
      status: 200,
      request: 'GET /api/services/catalogue/logged HTTP/1.1',
    });
    // nginx's own request id beside it, in the same alphabet, never passed on.
    expect(line.cid).toMatch(CID_PATTERN);
    expect(line.cid).not.toBe(cid);
    expect(await requestLineOf(gateway.logs, cid)).toMatchObject({ statusCode: 200 });
  });
});

describe("HAProxy's log (deploy/haproxy.cfg's log-format)", () => {
  it("holds its own error page's CID: no replica to answer, a 503", async () => {
    const response = await answer(orphanHaproxy.port, request(orphanHaproxy.port, '/api/x'));
    expect(response.status).toBe(503);
    const cid = cidOf(response);
    expect(JSON.parse(response.body.toString())).toMatchObject({ error: { cid } });
    const line = await orphanHaproxy.logLine(cid);
    // `option httplog`'s line, the id last.
    expect(line).toMatch(new RegExp(` 503 .* "GET /api/x HTTP/1\\.1" ${cid}$`));
  });

  it("holds its own refusal's CID: plain http, a host that is no shop's, a 421", async () => {
    const response = await answer(
      orphanHaproxy.plainPort,
      request(orphanHaproxy.plainPort, '/').replace(/Host: \S+/, 'Host: evil.example'),
    );
    expect(response.status).toBe(421);
    const cid = cidOf(response);
    expect(await orphanHaproxy.logLine(cid)).toMatch(new RegExp(` 421 .* ${cid}$`));
  });

  it("holds the gateway's CID of an answer the gateway gave, as the gateway's own line", async () => {
    const response = await answer(haproxyPort, request(haproxyPort, '/api/services/catalogue/h'));
    expect(response.status).toBe(200);
    const cid = cidOf(response);
    const line = await haproxy.logLine(cid);
    // The captured X-Correlation-ID in braces, then the request, then HAProxy's own id.
    expect(line).toMatch(
      new RegExp(` 200 .* \\{${cid}\\} "GET /api/services/catalogue/h HTTP/1\\.1" \\w{32}$`),
    );
    expect(line.endsWith(cid)).toBe(false);
    expect(await requestLineOf(gateway.logs, cid)).toMatchObject({ statusCode: 200 });
  });
});
