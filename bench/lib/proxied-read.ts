import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// What the proxy benches send through the gateway (bench/proxy-overhead.ts, bench/proxy-compare.ts):
// a small JSON answer from a plain node http upstream, asked for with a visitor's token cookies,
// as a browser's calls carry them (guests have a token pair too).
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

/** The upstream on 127.0.0.1 (keep-alive), its URL, and how to stop it. */
export async function startJsonUpstream(): Promise<{ url: string; close(): void }> {
  const upstream = createServer((req, res) => {
    req.resume();
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(BODY),
    });
    res.end(BODY);
  });
  upstream.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    close: () => {
      upstream.close();
      upstream.closeAllConnections();
    },
  };
}
