import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { startHaproxy, type Haproxy } from '../support/haproxy';
import { freePort, startNginx, type Nginx } from '../support/nginx';
import { sendBytes } from '../support/raw-bytes';
import type { SocketResponse } from '../support/socket-exchange';

// A method no route of the gateway takes, whatever the path, through the shipped balancers
// (deploy/nginx-proxy.conf, deploy/haproxy.cfg): both pass it on, so the client sees the
// gateway's 501 `not_implemented` and no service is called. `OPTIONS *`: HAProxy passes it on
// (the gateway's 200 and Allow); nginx takes no asterisk-form target and answers its own 400, in
// the gateway's shape (docs/decisions/0333, 0392). Raw bytes through Debian's nginx and HAProxy.
let gateway: EndpointGateway;
let nginx: Nginx;
let nginxPort: number;
let haproxy: Haproxy;

beforeAll(async () => {
  nginxPort = await freePort();
  const haproxyPort = await freePort();
  gateway = await startEndpointGateway({
    PUBLIC_PORTS: `${nginxPort},${haproxyPort}`,
    HOST: '127.0.0.1',
  });
  gateway.upstream.on('*', /.*/, (request) => ({ body: { path: request.path } }));
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const gatewayPort = (gateway.app.server.address() as { port: number }).port;
  nginx = await startNginx([gatewayPort], nginxPort);
  haproxy = await startHaproxy([gatewayPort], haproxyPort);
}, 60_000);

afterAll(async () => {
  await haproxy?.close();
  await nginx?.close();
  await gateway?.close();
});

async function ask(port: number, line: string): Promise<SocketResponse> {
  const exchange = await sendBytes(
    port,
    `${line} HTTP/1.1\r\nHost: localhost:${port}\r\nX-CSRF: 1\r\nConnection: close\r\n\r\n`,
  );
  expect(exchange.responses).toHaveLength(1);
  return exchange.responses[0]!;
}

const errorOf = (response: SocketResponse) =>
  (JSON.parse(response.body.toString()) as { error: { code: string; message: string } }).error;

const balancers = () =>
  [
    ['nginx', nginxPort],
    ['HAProxy', haproxy.port],
  ] as const;

describe('a method the gateway takes nowhere, through the balancers', () => {
  it.each([
    ['PROPFIND', '/search/milk'],
    ['PURGE', '/api/services/catalogue/x'],
    ['FOO', '/api/services/catalogue/x'],
  ])("%s %s: the gateway's 501, no service called", async (method, path) => {
    for (const [name, port] of balancers()) {
      const response = await ask(port, `${method} ${path}`);
      expect(response.status, name).toBe(501);
      // The gateway's words, not a balancer's page ("Not Implemented").
      expect(errorOf(response), name).toMatchObject({
        code: 'not_implemented',
        message: `${method} is not implemented by this server`,
      });
    }
    expect(gateway.upstream.received('/api/services/catalogue/x')).toEqual([]);
  });
});

describe('OPTIONS *', () => {
  it("HAProxy passes it on: the gateway's 200 and Allow", async () => {
    const response = await ask(haproxy.port, 'OPTIONS *');
    expect(response.status).toBe(200);
    expect(response.headers.allow).toEqual(['GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS']);
    expect(response.body.length).toBe(0);
  });

  it('nginx answers it itself: its 400 in the gateway’s shape', async () => {
    const response = await ask(nginxPort, 'OPTIONS *');
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'bad_request', message: 'Bad Request' });
  });
});
