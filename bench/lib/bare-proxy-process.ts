import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, type GatewayProcess } from './gateway-process';

// bench/lib/bare-http-proxy.mjs as a child process (its own event loop, like the gateway).
const SCRIPT = fileURLToPath(new URL('./bare-http-proxy.mjs', import.meta.url));

export async function startBareProxy(upstreamUrl: string): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [SCRIPT], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      UPSTREAM_URL: upstreamUrl,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare proxy exited with ${child.exitCode}`);
    try {
      await (await fetch(`${url}/api/services/`)).arrayBuffer();
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('bare proxy did not start in 20 s');
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
