import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, UPSTREAM_KEEPALIVE_SECONDS } from './nginx';

// Debian's HAProxy on 127.0.0.1 in front of gateways, for the suites that check the gateway behind
// another balancer than the shipped nginx (none is shipped for HAProxy, docs/decisions/0316): HTTP
// mode, X-Forwarded-For appended, connections to the gateways reused by any client (`http-reuse
// always`, the most sharing, so a desync would reach another visitor) and closed idle after the
// same 4 s as nginx's. The gateways must accept its port in Host (PUBLIC_PORTS): pick it first
// with freePort, as for nginx.
export type Haproxy = { port: number; close(): Promise<void> };

export async function startHaproxy(upstreamPorts: number[], listenPort?: number): Promise<Haproxy> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-haproxy-'));
  const port = listenPort ?? (await freePort());
  const conf = `global
  log stderr local0 err
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 60s
  timeout http-keep-alive ${UPSTREAM_KEEPALIVE_SECONDS}s
  option forwardfor
  http-reuse always
frontend shop
  bind 127.0.0.1:${port}
  default_backend gateways
backend gateways
  balance roundrobin
${upstreamPorts.map((p, i) => `  server g${i} 127.0.0.1:${p}`).join('\n')}
`;
  await writeFile(join(dir, 'haproxy.cfg'), conf);
  const child: ChildProcess = spawn(
    process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy',
    ['-f', join(dir, 'haproxy.cfg'), '-db'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('haproxy did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
