import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { freePort, startNginx, UPSTREAM_KEEPALIVE_SECONDS, type Nginx } from '../support/nginx';

// nginx, not the gateway, closes the idle connections between them (docs/decisions/0316): a
// gateway closing one just as nginx sends a POST on it is a 502 that nginx does not retry, and a
// draining gateway closes every connection still open when SHUTDOWN_DELAY_MS ends. With nginx's
// default keep-alive (60 s) the connections of a burst were still open long after the delay.
// Debian's nginx on 127.0.0.1 with the deployed rules (tests/support/nginx.ts).
let gateway: EndpointGateway;
let nginx: Nginx;
let gatewayPort: number;

beforeAll(async () => {
  const balancer = await freePort();
  gateway = await startEndpointGateway({
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_PORTS: String(balancer),
    HOST: '127.0.0.1',
  });
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  gatewayPort = (gateway.app.server.address() as { port: number }).port;
  nginx = await startNginx([gatewayPort], balancer);
}, 60_000);

afterAll(async () => {
  await nginx?.close();
  await gateway?.close();
});

const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    gateway.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

describe("nginx's idle connections to a gateway", () => {
  it('are closed by nginx once idle for its keep-alive, well before the shutdown delay', async () => {
    // A burst opens several connections, which nginx keeps for the next requests.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${nginx.url}/healthz`).then((r) => r.status)),
    );
    expect(answers).toEqual(Array(8).fill(200));
    expect(await openConnections()).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, UPSTREAM_KEEPALIVE_SECONDS * 1000 + 700));
    expect(await openConnections()).toBe(0);
    // ...and nginx opens new ones when traffic comes back.
    expect((await fetch(`${nginx.url}/healthz`)).status).toBe(200);
  }, 20_000);
});
