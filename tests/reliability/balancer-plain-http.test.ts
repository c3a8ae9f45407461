import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../../server/plugins/security-headers';
import { CID_PATTERN } from '../../shared/cid';
import { startHaproxy, type Haproxy } from '../support/haproxy';
import { freePort } from '../support/nginx';
import { sendBytes } from '../support/raw-bytes';
import type { SocketResponse } from '../support/socket-exchange';

// A shopper typing http:// reaches HAProxy's plain-http frontend (deploy/haproxy.cfg,
// docs/decisions/0386), as nginx.compose.conf's port-8080 servers (compose-as-written.test.ts):
// a shop's own host is sent to https, same host, path and query, by a 308; any other Host is
// refused with the gateway's 421, never redirected (docs/decisions/0327). Both with the gateway's
// headers for plain http (no HSTS: browsers ignore it there) and a CID. The shipped file through
// Debian's HAProxy on loopback, its `bind :80` on a free port; behind it a stand-in gateway that
// counts what reaches it: nothing should.
const PLAIN_HEADERS = securityHeaders(helmetOptions({ cookieSecure: false }));
let haproxy: Haproxy;
let gateway: Server;
let reached: string[] = [];

beforeAll(async () => {
  const gatewayPort = await freePort();
  gateway = createServer((request, response) => {
    if (request.url !== '/readyz') reached.push(`${request.method} ${request.url}`);
    response.end('ok');
  });
  await new Promise<void>((resolve) => gateway.listen(gatewayPort, '127.0.0.1', resolve));
  haproxy = await startHaproxy([gatewayPort]);
}, 30_000);

afterAll(async () => {
  await haproxy?.close();
  await new Promise((resolve) => gateway?.close(resolve));
});

async function plain(head: string, body = ''): Promise<SocketResponse> {
  const { responses } = await sendBytes(
    haproxy.plainPort,
    `${head}Connection: close\r\n\r\n${body}`,
  );
  expect(responses).toHaveLength(1);
  return responses[0]!;
}

/** The gateway's plain-http headers, each once, no HSTS, no-store, and a CID. */
function expectPlainHeaders(response: SocketResponse): string {
  for (const [name, value] of Object.entries(PLAIN_HEADERS))
    expect(response.headers[name], name).toEqual([value]);
  expect(response.headers['strict-transport-security']).toBeUndefined();
  expect(response.headers['cache-control']).toEqual(['no-store']);
  const [cid] = response.headers['x-correlation-id'] ?? [];
  expect(cid).toMatch(CID_PATTERN);
  return cid!;
}

describe("HAProxy's plain http (deploy/haproxy.cfg)", () => {
  it("sends a shop's host to https: same host, path and query, by a 308", async () => {
    reached = [];
    const response = await plain(
      `GET /search/milk?page=2 HTTP/1.1\r\nHost: localhost:${haproxy.plainPort}\r\n`,
    );
    expect(response.status).toBe(308);
    // The shop's https port, whatever port plain http was asked on.
    expect(response.headers.location).toEqual([
      `https://localhost:${haproxy.port}/search/milk?page=2`,
    ]);
    expectPlainHeaders(response);
    expect(reached).toEqual([]);
  });

  it("redirects each shop's host, in any case, and keeps a form's method (308)", async () => {
    const other = await plain('GET /brands HTTP/1.1\r\nHost: Harbour.Localhost\r\n');
    expect([other.status, other.headers.location]).toEqual([
      308,
      [`https://harbour.localhost:${haproxy.port}/brands`],
    ]);
    const post = await plain(
      'POST /cart HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n',
      'a=1',
    );
    expect([post.status, post.headers.location]).toEqual([
      308,
      [`https://localhost:${haproxy.port}/cart`],
    ]);
  });

  it('refuses a host that is no shop with the gateway 421, never a redirect', async () => {
    reached = [];
    for (const forged of [
      'evil.example',
      `evil.example:${haproxy.plainPort}`,
      'localhost.evil.example',
    ]) {
      const refused = await plain(`GET /search/milk HTTP/1.1\r\nHost: ${forged}\r\n`);
      expect(refused.status, forged).toBe(421);
      expect(refused.headers.location).toBeUndefined();
      expect(refused.headers['content-type']).toEqual(['application/json']);
      const cid = expectPlainHeaders(refused);
      expect(JSON.parse(refused.body.toString())).toEqual({
        error: {
          code: 'misdirected_request',
          message: 'No shop is configured for this host.',
          cid,
        },
      });
    }
    // No Host at all (HTTP/1.0): no shop either.
    expect((await plain('GET / HTTP/1.0\r\n')).status).toBe(421);
    expect(reached).toEqual([]);
  });

  it('never redirects a request line that names another host (absolute form)', async () => {
    const { responses } = await sendBytes(
      haproxy.plainPort,
      'GET http://evil.example/search/milk HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(responses.map((r) => r.headers.location)).toEqual([undefined]);
    expect(responses[0]!.status).toBeGreaterThanOrEqual(400);
  });
});
