import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCompose, ROOT } from '../support/compose-file';
import { startEndpointGateway, type EndpointGateway } from '../support/endpoint-gateway';
import { UPSTREAM_KEEPALIVE_SECONDS } from '../support/nginx';

// Who closes an idle connection between the balancer and a gateway (docs/decisions/0316): nginx,
// always. A gateway that closes one just as nginx sends a POST on it makes a 502 nginx does not
// retry (a POST is never sent twice, ADR 0141). So nginx's keep-alive is shorter than the gateway's
// (else the gateway closes idle connections in steady traffic) and than the shutdown delay (else
// the draining gateway closes those still idle when the delay ends). What nginx does with it:
// tests/reliability/balancer-idle-connections.test.ts. HAProxy (deploy/haproxy.cfg, ADR 0378) has
// no idle timeout towards the servers: it takes a draining gateway out of rotation by its health
// checks of /readyz, so those must see it unready well within the delay, and no request is sent
// to it when it closes what is left (tests/reliability/rolling-restart.test.ts).
const haproxy = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
const seconds = (value: string | undefined) =>
  value?.endsWith('ms') ? Number(value.slice(0, -2)) / 1000 : Number(value?.replace(/s$/, ''));
const conf = readFileSync(join(ROOT, 'deploy/nginx.compose.conf'), 'utf8');
const upstreamBlock = /upstream gateways \{([^}]*)\}/.exec(conf)?.[1] ?? '';
const keepaliveSeconds = Number(/^\s*keepalive_timeout (\d+)s;/m.exec(upstreamBlock)?.[1]);

let gateway: EndpointGateway;
beforeAll(async () => {
  gateway = await startEndpointGateway();
});
afterAll(async () => gateway?.close());

describe("the balancer's idle connections to the gateways", () => {
  it('are closed by nginx before the gateway would close them', () => {
    // nginx's default, without the directive, is 60 s: far above the shutdown delay.
    expect(keepaliveSeconds).toBeGreaterThan(0);
    expect(keepaliveSeconds * 1000).toBeLessThan(gateway.app.server.keepAliveTimeout);
  });

  it('are closed by nginx within the shutdown delay, as deployed and by default', () => {
    const composeDelay = Number(readCompose().services.gateway!.environment!.SHUTDOWN_DELAY_MS);
    for (const delay of [gateway.config.shutdown.delay, composeDelay])
      expect(keepaliveSeconds * 1000).toBeLessThan(delay);
  });

  it('follows KEEP_ALIVE_TIMEOUT_MS, for a balancer that keeps them longer than 72 s', async () => {
    const longer = await startEndpointGateway({ KEEP_ALIVE_TIMEOUT_MS: '620000' });
    try {
      await longer.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = longer.app.server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      // What the gateway tells a client of how long it keeps the connection (Node's header).
      expect(answer.headers.get('keep-alive')).toBe('timeout=620');
    } finally {
      await longer.close();
    }
  });

  it("is the same in the reliability suite's nginx as deployed", () => {
    expect(UPSTREAM_KEEPALIVE_SECONDS).toBe(keepaliveSeconds);
  });

  it('takes a draining gateway out of HAProxy within the shutdown delay, by /readyz', () => {
    expect(haproxy).toMatch(/^\s+http-check send meth GET uri \/readyz\b/m);
    const checks = /^\s+default-server check inter (\S+) fall (\d+) rise \d+$/m.exec(haproxy);
    expect(checks).not.toBeNull();
    // The last good check just before SIGTERM, then `fall` failed ones, each within `inter`.
    const outAfterMs = seconds(checks![1]) * 1000 * (Number(checks![2]) + 1);
    const composeDelay = Number(readCompose().services.gateway!.environment!.SHUTDOWN_DELAY_MS);
    for (const delay of [gateway.config.shutdown.delay, composeDelay])
      expect(outAfterMs).toBeLessThan(delay);
    // And waits longer for an answer than the gateway takes to answer its own 504.
    const server = seconds(/^\s+timeout server (\S+)$/m.exec(haproxy)?.[1]);
    expect(server * 1000).toBeGreaterThan(gateway.config.timeouts.request);
  });
});
