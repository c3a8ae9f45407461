import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOfStatus } from '../../server/errors/status';
import { helmetOptions, securityHeaders } from '../../server/plugins/security-headers';
import { BODY_TOO_LARGE } from '../../server/proxy/body-limit';
import { BODY_LIMIT } from '../../server/proxy/bounds';
import { TARGET_LIMIT, targetProblem } from '../../server/request/target';
import { CID_PATTERN } from '../../shared/cid';
import { ROOT } from '../support/compose-file';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { freePort, runNginx, startNginx, type Nginx } from '../support/nginx';
import { serverBlocks } from '../support/nginx-conf';
import { sendBytes } from '../support/raw-bytes';
import type { SocketResponse } from '../support/socket-exchange';

// A request nginx refuses itself, before any gateway sees it (a malformed head, a body, target or
// head over its limits, TRACE, an unknown transfer coding, HTTP/2 on the line), gets the gateway's
// answer to the same refusal: its JSON shape and code, nginx's request id as the cid and in
// X-Correlation-ID, the gateway's security headers, each once. They were nginx's HTML pages with
// none of it (docs/decisions/0333). With both shipped configurations: the proxy rules
// (deploy/nginx-proxy.conf, the https server) and the plain-http servers of
// deploy/nginx.compose.conf. Raw bytes through Debian's nginx.
const conf = readFileSync(join(ROOT, 'deploy/nginx.compose.conf'), 'utf8');
const proxyRules = readFileSync(join(ROOT, 'deploy/nginx-proxy.conf'), 'utf8');

const codeAndMessage = ({ code, message }: { code: string; message: string }) => ({
  code,
  message,
});

/** What the gateway answers for the same refusal: its code, and its message where it has one. */
const GATEWAY_REFUSAL: Record<number, { code: string; message: string }> = {
  // As Node's parser answers (shared/node-errors.ts): the gateway's code of the status, its reason.
  400: { code: codeOfStatus(400), message: STATUS_CODES[400]! },
  405: { code: codeOfStatus(405), message: STATUS_CODES[405]! },
  413: { ...BODY_TOO_LARGE },
  414: codeAndMessage(targetProblem(`/${'a'.repeat(TARGET_LIMIT)}`)!),
  431: { code: codeOfStatus(431), message: STATUS_CODES[431]! },
  // The gateway's code for the status, its answer to a method no route takes (docs/decisions/0392).
  501: { code: codeOfStatus(501), message: STATUS_CODES[501]! },
  // Never the gateway's (Node takes any version): named after its status.
  505: { code: 'http_version_not_supported', message: STATUS_CODES[505]! },
};

const head = (host: string, line = 'GET /search/milk HTTP/1.1', headers: string[] = []) =>
  `${line}\r\nHost: ${host}\r\n${headers.join('')}Connection: close\r\n\r\n`;
const REFUSALS: [string, number, (host: string) => string][] = [
  ['a request line without a target', 400, (host) => head(host, 'GET HTTP/1.1')],
  ['an undecodable target', 400, (host) => head(host, 'GET /search/%zz HTTP/1.1')],
  ['a header line without a colon', 400, (host) => head(host, undefined, ['Bad Header\r\n'])],
  ['no Host', 400, () => 'GET /search/milk HTTP/1.1\r\nConnection: close\r\n\r\n'],
  ['TRACE', 405, (host) => head(host, 'TRACE / HTTP/1.1')],
  [
    'a declared body over 1 MiB',
    413,
    (host) =>
      head(host, 'POST /api/services/catalogue/x HTTP/1.1', ['Content-Length: 2000000\r\n']),
  ],
  [
    'a target of 20,000 characters',
    414,
    (host) => head(host, `GET /${'a'.repeat(20_000)} HTTP/1.1`),
  ],
  [
    'a cookie over a header line',
    431,
    (host) => head(host, undefined, [`Cookie: jar=${'x'.repeat(20_000)}\r\n`]),
  ],
  [
    'a transfer coding other than chunked',
    501,
    (host) =>
      head(host, 'POST /api/services/catalogue/x HTTP/1.1', ['Transfer-Encoding: gzip\r\n']),
  ],
  ['HTTP/2.0 on the request line', 505, (host) => head(host, 'GET / HTTP/2.0')],
];

async function answer(port: number, bytes: string): Promise<SocketResponse> {
  const exchange = await sendBytes(port, bytes);
  expect(exchange.responses).toHaveLength(1);
  return exchange.responses[0]!;
}

/** The gateway's answer to the refusal `status`, with `headers` each once and the body's CID. */
function expectRefusal(response: SocketResponse, status: number, headers: Record<string, string>) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toEqual([expect.stringMatching(/^application\/json/)]);
  const body = JSON.parse(response.body.toString()) as { error: { cid: string } };
  expect(body).toEqual({ error: { ...GATEWAY_REFUSAL[status], cid: expect.any(String) } });
  expect(body.error.cid).toMatch(CID_PATTERN);
  expect(response.headers['x-correlation-id']).toEqual([body.error.cid]);
  expect(response.headers['cache-control']).toEqual(['no-store']);
  for (const [name, value] of Object.entries(headers))
    expect(response.headers[name], name).toEqual([value]);
  expect(response.body.toString()).not.toMatch(/<html|nginx\//i);
}

describe("nginx's own refusals with the proxy rules (the https server)", () => {
  const HEADERS = securityHeaders(helmetOptions({ cookieSecure: true }));
  let gateway: EndpointGateway;
  let nginx: Nginx;
  let port: number;
  let host: string;

  beforeAll(async () => {
    port = await freePort();
    host = `localhost:${port}`;
    gateway = await startEndpointGateway({ PUBLIC_PORTS: String(port), HOST: '127.0.0.1' });
    gateway.upstream.on('*', /.*/, (request) => ({ body: { path: request.path } }));
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    nginx = await startNginx([(gateway.app.server.address() as { port: number }).port], port);
  }, 60_000);

  afterAll(async () => {
    await nginx?.close();
    await gateway?.close();
  });

  it.each(REFUSALS)(
    '%s: a %i in the JSON shape, never at the gateway',
    async (_, status, bytes) => {
      const response = await answer(port, bytes(host));
      expectRefusal(response, status, HEADERS);
      // Proxied answers carry the test's X-Upstream-Addr (tests/support/nginx.ts): none here.
      expect(response.headers['x-upstream-addr']).toBeUndefined();
      expect(gateway.upstream.received('/api/services/catalogue/x')).toEqual([]);
    },
  );

  it('a chunked body crossing 1 MiB: the 413', async () => {
    const chunk = 'a'.repeat(0x80000);
    const chunks = Array.from({ length: 3 }, () => `80000\r\n${chunk}\r\n`).join('');
    const response = await answer(
      port,
      `POST /api/services/catalogue/x HTTP/1.1\r\nHost: ${host}\r\nX-CSRF: 1\r\n` +
        `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}0\r\n\r\n`,
    );
    expectRefusal(response, 413, HEADERS);
    expect(gateway.upstream.received('/api/services/catalogue/x')).toEqual([]);
  });

  it("is the gateway's own limit: 1 MiB", () => {
    expect(/^client_max_body_size 1m;$/m.test(proxyRules)).toBe(true);
    expect(BODY_LIMIT).toBe(1024 * 1024);
  });

  it("passes the gateway's own refusal of the same kind untouched, its headers once", async () => {
    // 10,000 characters: within nginx's buffers, over the gateway's 8,192.
    const response = await answer(port, head(host, `GET /search/${'a'.repeat(10_000)} HTTP/1.1`));
    expect(response.headers['x-upstream-addr']).toHaveLength(1);
    expect(response.status).toBe(414);
    for (const [name, value] of Object.entries(HEADERS))
      expect(response.headers[name], name).toEqual([value]);
    const body = JSON.parse(response.body.toString()) as { error: { code: string; cid: string } };
    expect(body.error.code).toBe(GATEWAY_REFUSAL[414]!.code);
    expect(response.headers['x-correlation-id']).toEqual([body.error.cid]);
    expect(response.headers['cache-control']).toEqual(['private, no-store']);
  });

  it('answers its refusals path, asked for from outside, with a 400, never the gateway', async () => {
    const response = await answer(port, head(host, 'GET /.balancer/refused HTTP/1.1'));
    expectRefusal(response, 400, HEADERS);
  });
});

describe("nginx's own refusals on deploy/nginx.compose.conf's plain http", () => {
  // No HSTS over plain http, as its 421 (docs/decisions/0329).
  const HEADERS = securityHeaders(helmetOptions({ cookieSecure: false }));
  let nginx: Nginx;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    const plainHttp = serverBlocks(conf)
      .filter((block) => /^\s*listen 8080\b/m.test(block))
      .map((block) => block.replace(/\blisten 8080\b/, `listen 127.0.0.1:${port}`));
    expect(plainHttp).toHaveLength(2);
    nginx = await runNginx(port, plainHttp.join('\n'));
  }, 60_000);

  afterAll(async () => {
    await nginx?.close();
  });

  // A shop's host is its server's to refuse once named, any other host the default server's.
  describe.each(['localhost', 'evil.example'])('Host %s', (host) => {
    it.each(REFUSALS)('%s: a %i in the JSON shape', async (_, status, bytes) => {
      const response = await answer(port, bytes(host));
      expectRefusal(response, status, HEADERS);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('still redirects a shop and refuses another host, the 421 with its headers once', async () => {
    const redirect = await answer(port, head('localhost'));
    expect([redirect.status, redirect.headers.location]).toEqual([
      308,
      ['https://localhost:8443/search/milk'],
    ]);
    const refused = await answer(port, head('evil.example'));
    expect(refused.status).toBe(421);
    for (const [name, value] of Object.entries(HEADERS))
      expect(refused.headers[name], name).toEqual([value]);
    const body = JSON.parse(refused.body.toString()) as { error: { code: string; cid: string } };
    expect(body.error.code).toBe('misdirected_request');
    expect(refused.headers['x-correlation-id']).toEqual([body.error.cid]);
  });

  // Each server's own access_log line (the compose file's format): the CID a shopper may report
  // finds the line (docs/decisions/0396).
  it.each(['localhost', 'evil.example'])(
    "logs a refusal on Host %s with its answer's CID",
    async (host) => {
      const response = await answer(port, head(host, 'GET /search/%zz HTTP/1.1'));
      expect(response.status).toBe(400);
      const [cid] = response.headers['x-correlation-id']!;
      expect(JSON.parse(await nginx.logLine(cid!))).toMatchObject({ cid, status: 400 });
    },
  );

  // The redirect had none of them: it is the shop's own first answer to a browser on http.
  it('redirects a shop with the plain-http headers each once, a CID, no-store and no HSTS', async () => {
    const redirect = await answer(port, head('harbour.localhost'));
    expect(redirect.status).toBe(308);
    for (const [name, value] of Object.entries(HEADERS))
      expect(redirect.headers[name], name).toEqual([value]);
    expect(redirect.headers['strict-transport-security']).toBeUndefined();
    expect(redirect.headers['cache-control']).toEqual(['no-store']);
    expect(redirect.headers['x-correlation-id']).toEqual([expect.stringMatching(CID_PATTERN)]);
  });
});
