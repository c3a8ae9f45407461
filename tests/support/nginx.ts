import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { logFormats, serverAccessLog, serverBlocks } from './nginx-conf';

// Debian's nginx on 127.0.0.1 as the load balancer in front of several gateway instances, with the
// proxy and retry rules of deploy/nginx-proxy.conf (the file docker compose mounts). The gateways
// behind it must accept its port in Host (PUBLIC_PORTS, docs/decisions/0272): pick it first with
// freePort and pass it to both.
const PROXY_RULES = fileURLToPath(new URL('../../deploy/nginx-proxy.conf', import.meta.url));
const COMPOSE = readFileSync(
  fileURLToPath(new URL('../../deploy/nginx.compose.conf', import.meta.url)),
  'utf8',
);
/** The compose file's access log formats, which its servers' `access_log` lines name. */
const LOG_FORMATS = logFormats(COMPOSE).join('\n');
/** The compose file's https server's access log (the server the proxy rules are included in). */
const HTTPS_ACCESS_LOG = serverAccessLog(
  serverBlocks(COMPOSE).find((block) => /^\s*listen 8443\b/m.test(block)) ?? '',
);
/** Where the compose file's servers log: the nginx image's file (its stdout), a test's own here. */
const IMAGE_ACCESS_LOG = '/var/log/nginx/access.log';
/** How long a line may take to reach the access log: nginx writes it once the answer is sent. */
const LOG_WAIT_MS = 5_000;
export type Nginx = {
  url: string;
  /**
   * The access log's line holding `text` (the shipped format, deploy/nginx.compose.conf),
   * waited for, or an error quoting the log.
   */
  logLine(text: string): Promise<string>;
  close(): Promise<void>;
};
/** nginx closes its idle connections to the gateways after this, as deploy/nginx.compose.conf. */
export const UPSTREAM_KEEPALIVE_SECONDS = 4;

/** Ports this test file was handed: released until their process binds them, so not free. */
const handedOut = new Set<number>();

/**
 * A port free on 127.0.0.1 and not handed out before in this test file. The operating system may
 * give a port again once released: a metrics port picked first, then a gateway's own port picked
 * while the first gateway was still starting, were once the same (prometheus-scrape scraped a
 * gateway's pages, which answered 421).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

export type NginxOptions = {
  /**
   * The rules' `proxy_read_timeout` instead of the shipped 60 s, for a test of nginx's own 504
   * (the rules are then written into the server block, that line replaced).
   */
  readTimeout?: string;
};

const READ_TIMEOUT = /^proxy_read_timeout 60s;$/m;

/** The proxy rules as the server block takes them: included, or written out with `options`. */
function proxyRules(options: NginxOptions): string {
  if (options.readTimeout === undefined) return `include ${PROXY_RULES};`;
  const rules = readFileSync(PROXY_RULES, 'utf8');
  if (!READ_TIMEOUT.test(rules))
    throw new Error('deploy/nginx-proxy.conf: expected `proxy_read_timeout 60s;` to replace');
  return rules.replace(READ_TIMEOUT, `proxy_read_timeout ${options.readTimeout};`);
}

export async function startNginx(
  upstreamPorts: number[],
  listenPort?: number,
  options: NginxOptions = {},
): Promise<Nginx> {
  const port = listenPort ?? (await freePort());
  return runNginx(
    port,
    `
  # Test only: which gateway answered (the fault suites check that both served traffic).
  add_header X-Upstream-Addr $upstream_addr always;
  # Round robin, as deploy/nginx.compose.conf (no session affinity: docs/decisions/0220).
  upstream gateways {
    ${upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n    ')}
    keepalive 32;
    keepalive_timeout ${UPSTREAM_KEEPALIVE_SECONDS}s;
  }
  server {
    listen 127.0.0.1:${port};
    # As deploy/nginx.compose.conf's https server logs (to the test's own file: runNginx).
    ${HTTPS_ACCESS_LOG}
    ${proxyRules(options)}
  }`,
  );
}

/**
 * Debian's nginx with `http` inside its http block, once it answers on `port`. The compose file's
 * log formats are defined there, and its servers' access log (the image's file) is one of the
 * test's, which `logLine` reads.
 */
export async function runNginx(port: number, http: string): Promise<Nginx> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-nginx-'));
  // Run as root, nginx's workers are `nobody`: they write a body over client_body_buffer_size to
  // the body directory in here, and mkdtemp's 0700 let them not even enter it (a 500).
  await chmod(dir, 0o755);
  const accessLog = join(dir, 'access.log');
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${LOG_FORMATS}
${http.split(`access_log ${IMAGE_ACCESS_LOG} `).join(`access_log ${accessLog} `)}
}`;
  await writeFile(join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    process.env.NGINX_PATH ?? '/usr/sbin/nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf')],
    {
      stdio: 'ignore',
    },
  );
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    logLine: async (text) => {
      const deadline = Date.now() + LOG_WAIT_MS;
      for (;;) {
        const log = await readFile(accessLog, 'utf8').catch(() => '');
        const line = log.split('\n').find((candidate) => candidate.includes(text));
        if (line) return line;
        if (Date.now() > deadline)
          throw new Error(`no line of nginx's access log holds ${text}:\n${log.slice(-4000)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
