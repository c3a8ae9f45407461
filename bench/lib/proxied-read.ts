import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, readyChild } from './gateway-process';

// What the proxy benches send through the gateway (bench/proxy-overhead.ts, bench/proxy-compare.ts):
// a small JSON answer from a plain node http upstream, asked for with a visitor's token cookies,
// as a browser's calls carry them (guests have a token pair too).
const SCRIPT = fileURLToPath(new URL('./json-upstream.mjs', import.meta.url));
export const PROXIED_PATH = '/api/services/catalogue/api/v1/offerings/off-milk-1';
const BODY = JSON.stringify({
  id: 'off-milk-1',
  name: 'Semi-skimmed milk 1 l',
  price: { amount: 119, currency: 'EUR' },
  available: true,
});
const jwtPart = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ACCESS_TOKEN = `${jwtPart({ alg: 'RS256' })}.${jwtPart({ sub: 'bench', exp: 4102444800 })}.c2ln`;
export const VISITOR_COOKIE = `access_token=${ACCESS_TOKEN}; refresh_token=bench-refresh-token-0123456789`;

/**
 * The upstream on 127.0.0.1 (keep-alive, ./json-upstream.mjs as a child process), its URL, its
 * process id and how to stop it.
 */
export async function startJsonUpstream(): Promise<{ url: string; pid: number; close(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SCRIPT], {
    env: { PATH: process.env.PATH, PORT: String(port), BODY },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const upstream = await readyChild(child, `http://127.0.0.1:${port}`, 'upstream', async (url) => {
    await (await fetch(url)).arrayBuffer();
    return true;
  });
  return { url: upstream.url, pid: upstream.pid, close: () => child.kill('SIGTERM') };
}
