import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, readyChild, type GatewayProcess } from './gateway-process';

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
  // Any answer means it listens (the bare proxy has no readiness route).
  return readyChild(child, `http://127.0.0.1:${port}`, 'bare proxy', async (url) => {
    await (await fetch(`${url}/api/services/`)).arrayBuffer();
    return true;
  });
}
