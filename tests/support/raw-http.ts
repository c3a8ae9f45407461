import { request } from 'node:http';

// One HTTP request with the target exactly as given (fetch would normalise `//host/x` or `%61`),
// on its own connection, so tests can send what an attacker's client sends.
export type RawAnswer = { status: number; headers: Record<string, unknown>; body: string };

export function rawRequest(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string | string[]> = {},
  body?: string,
): Promise<RawAnswer> {
  const { hostname, port, host } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, method, path: target, agent: false, headers: { host, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
