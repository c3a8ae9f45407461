import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Debian's nginx on 127.0.0.1 as the load balancer in front of several gateway instances, with the
// proxy and retry rules of deploy/nginx-proxy.conf (the file docker compose mounts). The gateways
// behind it must accept its port in Host (PUBLIC_PORTS, docs/decisions/0272): pick it first with
// freePort and pass it to both.
const PROXY_RULES = fileURLToPath(new URL('../../deploy/nginx-proxy.conf', import.meta.url));
export type Nginx = { url: string; close(): Promise<void> };
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

export async function startNginx(upstreamPorts: number[], listenPort?: number): Promise<Nginx> {
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
    include ${PROXY_RULES};
  }`,
  );
}

/** Debian's nginx with `http` inside its http block, once it answers on `port`. */
export async function runNginx(port: number, http: string): Promise<Nginx> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-nginx-'));
  // Run as root, nginx's workers are `nobody`: they write a body over client_body_buffer_size to
  // the body directory in here, and mkdtemp's 0700 let them not even enter it (a 500).
  await chmod(dir, 0o755);
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
${http}
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
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
