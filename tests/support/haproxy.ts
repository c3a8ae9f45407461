import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './nginx';

// Debian's HAProxy on 127.0.0.1 in front of gateways with the shipped configuration
// (deploy/haproxy.cfg and its error pages, docs/decisions/0378, 0386), as tests/support/nginx.ts
// runs nginx with the shipped rules: only the places the file marks for adapting are replaced,
// its `bind` lines (the shop's plain http on loopback here, no certificate; plain http's own on
// another port), the https port its plain-http redirect names (the shop's port here) and its
// `server` lines (the test's replicas); its shops' hosts, localhost among them, stay. The gateways
// must accept the shop's port in Host (PUBLIC_PORTS): pick it first with freePort, as for nginx.
const DEPLOY = fileURLToPath(new URL('../../deploy/', import.meta.url));
const SHIPPED = join(DEPLOY, 'haproxy.cfg');
const PROGRAM = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
export type Haproxy = {
  port: number;
  url: string;
  /** The port of the plain-http frontend (the shipped `bind :80`). */
  plainPort: number;
  /**
   * The log's line holding `text` (the shipped `log-format`; its `log stderr` is read here),
   * waited for, or an error quoting the log.
   */
  logLine(text: string): Promise<string>;
  close(): Promise<void>;
};

/** How long a line may take to reach the log: HAProxy writes it once the answer is sent. */
const LOG_WAIT_MS = 5_000;
/** The log kept for `logLine`: the last this many characters. */
const LOG_KEPT = 1_000_000;

export type HaproxyOptions = {
  /**
   * Lines added to the backend, for what one test needs: the smuggling test lets any visitor's
   * request reuse any connection (`http-reuse always`, the most sharing, so that a desync would
   * reach another visitor).
   */
  backend?: string[];
  /** The plain-http frontend's port (default: a free one). */
  plainPort?: number;
};

const SHOP_BIND = /^\s+bind :8443 ssl /;
const PLAIN_BIND = /^\s+bind :80$/;
const REDIRECT = /^(\s+http-request redirect location https:\/\/\S+?):8443(%\[pathq\] .*)$/;

/** The shipped file with the test's binds and replicas, or an error naming what it lacks. */
export function haproxyConfig(
  shipped: string,
  ports: { shop: number; plain: number },
  upstreamPorts: number[],
  options: HaproxyOptions = {},
) {
  const lines = shipped.split('\n');
  const count = (pattern: RegExp) => lines.filter((line) => pattern.test(line)).length;
  if (count(/^\s+bind\s/) !== 2 || count(SHOP_BIND) !== 1 || count(PLAIN_BIND) !== 1)
    throw new Error('deploy/haproxy.cfg: expected the binds `:8443 ssl ...` and `:80` to replace');
  if (count(REDIRECT) !== 1 || count(/^\s+server\s/) === 0)
    throw new Error('deploy/haproxy.cfg: expected the redirect to :8443 and server lines');
  const kept = lines.filter((line) => !/^\s+server\s/.test(line));
  const at = kept.findIndex((line) => /^backend\s/.test(line)) + 1;
  const added = [
    ...(options.backend ?? []).map((line) => `  ${line}`),
    ...upstreamPorts.map((p, i) => `  server gateway${i + 1} 127.0.0.1:${p}`),
  ];
  return [...kept.slice(0, at), ...added, ...kept.slice(at)]
    .map((line) => (SHOP_BIND.test(line) ? `  bind 127.0.0.1:${ports.shop}` : line))
    .map((line) => (PLAIN_BIND.test(line) ? `  bind 127.0.0.1:${ports.plain}` : line))
    .map((line) => line.replace(REDIRECT, `$1:${ports.shop}$2`))
    .join('\n');
}

export async function startHaproxy(
  upstreamPorts: number[],
  listenPort?: number,
  options: HaproxyOptions = {},
): Promise<Haproxy> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-haproxy-'));
  const port = listenPort ?? (await freePort());
  const plainPort = options.plainPort ?? (await freePort());
  const conf = haproxyConfig(
    await readFile(SHIPPED, 'utf8'),
    { shop: port, plain: plainPort },
    upstreamPorts,
    options,
  );
  await writeFile(join(dir, 'haproxy.cfg'), conf);
  // Its error pages beside it, as the file's header asks (their paths are relative to it).
  await cp(join(DEPLOY, 'haproxy-errors'), join(dir, 'haproxy-errors'), { recursive: true });
  const child: ChildProcess = spawn(PROGRAM, ['-f', join(dir, 'haproxy.cfg'), '-db'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-LOG_KEPT)));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`haproxy did not start: ${stderr.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    url: `http://localhost:${port}`,
    plainPort,
    logLine: async (text) => {
      const deadline = Date.now() + LOG_WAIT_MS;
      for (;;) {
        const line = stderr.split('\n').find((candidate) => candidate.includes(text));
        if (line) return line;
        if (Date.now() > deadline)
          throw new Error(`no line of HAProxy's log holds ${text}:\n${stderr.slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Whether this HAProxy sends the configured error pages for a request it could not read (a head
 * over its buffer): 3.3 on (upstream d252ec2, "Use configured error files if possible for early H1
 * errors", meant for 3.2 too). 2.6, Debian 12's, writes its own HTML page whatever the
 * configuration says (docs/decisions/0386).
 */
export function sendsEarlyErrorPages(): boolean {
  const shown = spawnSync(PROGRAM, ['-v'], { encoding: 'utf8' }).stdout ?? '';
  const [, major = '0', minor = '0'] = /version (\d+)\.(\d+)/.exec(shown) ?? [];
  return Number(major) * 100 + Number(minor) >= 303;
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
