import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { gatewayCommandLineFlags, gatewayHeapCaps } from '../../scripts/gateway-node-flags.mjs';
import { BUILD_DIR, ensureGatewayBundle, gatewayMain } from './build';

// The built gateway (node <build dir>/dist/server/main.js) as a child process on 127.0.0.1, so it
// has its own event loop and its own resident memory, as in production. BENCH_NODE_ARGS adds node
// flags (e.g. "--cpu-prof --cpu-prof-dir=bench/.profiles") to profile it under load; GATEWAY_MAIN
// runs another bundle instead (an older build, for a before/after in one run).
export type GatewayProcess = {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startGatewayProcess(
  platformUrl: string,
  env: Record<string, string> = {},
  main = process.env.GATEWAY_MAIN ?? gatewayMain,
): Promise<GatewayProcess> {
  if (main === gatewayMain) await ensureGatewayBundle();
  const port = await freePort();
  // The gateway's production heap caps and V8 flags (docs/decisions/0008, 0293, 0400), then any
  // extra flags.
  const nodeArgs = [
    ...gatewayHeapCaps(),
    ...gatewayCommandLineFlags(),
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      BUILD_DIR,
      PLATFORM_URL: platformUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Production logs one line per request; it goes to /dev/null here, but is still written.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      SHUTDOWN_DELAY_MS: '0',
      // The benches address the seeded shop at its origin's port (SHOP_HOST, localhost:3000) on
      // a gateway listening elsewhere: that port is one the shop is published at (ADR 0272).
      PUBLIC_PORTS: '3000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return readyChild(child, `http://127.0.0.1:${port}`, 'gateway', async (url) => {
    return (await fetch(`${url}/readyz`)).ok;
  });
}

/**
 * Waits (60 s at most: with Sentry on, start-up alone takes 10 s on a busy machine) until `ready`
 * says the child on `url` answers; its handle, stopped by SIGTERM.
 */
export async function readyChild(
  child: ChildProcess,
  url: string,
  name: string,
  ready: (url: string) => Promise<boolean>,
): Promise<GatewayProcess> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if (await ready(url)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not become ready in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
