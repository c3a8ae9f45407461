import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './gateway-process';

// Debian's nginx as a plain reverse proxy in front of the bench's upstream, for comparison with
// the gateway's proxy (issue #11 item 7): one worker (the gateway is one event loop), keep-alive
// to the upstream, a buffered access log line per request (the gateway logs one line too), on
// 127.0.0.1, in a temporary prefix directory removed when it stops.
export type NginxProxy = {
  url: string;
  /** The master's pid (its worker is its child). */
  pid: number;
  stop(): Promise<void>;
  /** Synchronous last resort (the bench's watchdog). */
  kill(): void;
};

export async function startNginxProxy(upstreamUrl: string): Promise<NginxProxy> {
  const dir = await mkdtemp(join(tmpdir(), 'storefront-bench-nginx-'));
  const port = await freePort();
  const upstream = new URL(upstreamUrl).host;
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream bench_upstream {
    server ${upstream};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location /api/services/ {
      proxy_pass http://bench_upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}`;
  await writeFile(join(dir, 'nginx.conf'), conf);
  const child = spawn(
    process.env.NGINX_PATH ?? '/usr/sbin/nginx',
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await (await fetch(`${url}/api/services/`)).arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error('nginx did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
    kill: () => {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
