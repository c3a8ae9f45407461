import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

// A pass-through HTTP proxy in front of the reference platform that answers chosen requests with
// an error instead (a sick CMS, say), so a test gets a real upstream failure on real HTTP.
export type FaultProxy = {
  url: string;
  /**
   * Requests whose path starts with `prefix` get `status` until cleared (or `times` of them);
   * `drop`: the connection is closed without an answer; `hang`: no answer at all; a status with
   * its `body` (JSON, or '' for none) instead of the injected error.
   */
  fail(prefix: string, status: Fault, times?: number): void;
  clear(): void;
  /** Holds every answer this long before passing it back (a slow network); 0 again to stop. */
  delay(ms: number): void;
  /** Every request that passed, newest last (path, headers, performance.now() on arrival). */
  seen: {
    url: string;
    method: string;
    headers: Record<string, string | string[] | undefined>;
    at: number;
  }[];
  close(): Promise<void>;
};

export type Fault = number | 'drop' | 'hang' | { status: number; body: string };

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const faults = new Map<string, Fault>();
  const left = new Map<string, number>();
  const upstream = new URL(target);
  const seen: FaultProxy['seen'] = [];
  let delayMs = 0;
  const server = createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      method: req.method ?? 'GET',
      headers: req.headers,
      at: performance.now(),
    });
    if (seen.length > 500) seen.shift();
    for (const [prefix, status] of faults) {
      if ((req.url ?? '').startsWith(prefix)) {
        const times = left.get(prefix);
        if (times !== undefined && times <= 1) faults.delete(prefix);
        else if (times !== undefined) left.set(prefix, times - 1);
        req.resume();
        if (status === 'hang') return;
        if (status === 'drop') return void req.socket.destroy();
        const answer =
          typeof status === 'number'
            ? {
                status,
                body: JSON.stringify({ error: { code: 'injected', message: 'injected fault' } }),
              }
            : status;
        res.writeHead(answer.status, answer.body ? { 'content-type': 'application/json' } : {});
        res.end(answer.body);
        return;
      }
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        const pass = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (delayMs > 0) setTimeout(pass, delayMs);
        else pass();
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fail: (prefix, status, times) => {
      faults.set(prefix, status);
      if (times === undefined) left.delete(prefix);
      else left.set(prefix, times);
    },
    clear: () => {
      faults.clear();
      left.clear();
    },
    delay: (ms) => void (delayMs = ms),
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
