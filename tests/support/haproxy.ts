import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './nginx';

// Debian's HAProxy on 127.0.0.1 in front of gateways with the shipped configuration
// (deploy/haproxy.cfg, docs/decisions/0378), as tests/support/nginx.ts runs nginx with the shipped
// rules: only the two places the file marks for adapting are replaced, its `bind` (plain http on
// loopback here, no certificate) and its `server` lines (the test's replicas). The gateways must
// accept its port in Host (PUBLIC_PORTS): pick it first with freePort, as for nginx.
const SHIPPED = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
export type Haproxy = { port: number; url: string; close(): Promise<void> };

export type HaproxyOptions = {
  /**
   * Lines added to the backend, for what one test needs: the smuggling test lets any visitor's
   * request reuse any connection (`http-reuse always`, the most sharing, so that a desync would
   * reach another visitor).
   */
  backend?: string[];
};

/** The shipped file with the test's bind and replicas, or an error naming what it lacks. */
export function haproxyConfig(
  shipped: string,
  port: number,
  upstreamPorts: number[],
  options: HaproxyOptions = {},
) {
  const lines = shipped.split('\n');
  const binds = lines.filter((line) => /^\s+bind\s/.test(line));
  const servers = lines.filter((line) => /^\s+server\s/.test(line));
  if (binds.length !== 1 || servers.length === 0)
    throw new Error('deploy/haproxy.cfg: expected one bind line and server lines to replace');
  const kept = lines.filter((line) => !/^\s+server\s/.test(line));
  const at = kept.findIndex((line) => /^backend\s/.test(line)) + 1;
  const added = [
    ...(options.backend ?? []).map((line) => `  ${line}`),
    ...upstreamPorts.map((p, i) => `  server gateway${i + 1} 127.0.0.1:${p}`),
  ];
  return [...kept.slice(0, at), ...added, ...kept.slice(at)]
    .map((line) => (/^\s+bind\s/.test(line) ? `  bind 127.0.0.1:${port}` : line))
    .join('\n');
}

export async function startHaproxy(
  upstreamPorts: number[],
  listenPort?: number,
  options: HaproxyOptions = {},
): Promise<Haproxy> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-haproxy-'));
  const port = listenPort ?? (await freePort());
  const conf = haproxyConfig(await readFile(SHIPPED, 'utf8'), port, upstreamPorts, options);
  await writeFile(join(dir, 'haproxy.cfg'), conf);
  const child: ChildProcess = spawn(
    process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy',
    ['-f', join(dir, 'haproxy.cfg'), '-db'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`haproxy did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url: `http://localhost:${port}`,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
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
