import { request as httpRequest } from 'node:http';

// One page fetched over a fresh HTTP/1.1 connection, timed as a browser's navigation timing sees
// it: the first byte (status line and headers, or a flushed head) and the last byte, from the
// moment the request was sent (its connection open: the name's lookup and the TCP handshake, the
// client's own, are not the gateway's time, as a browser's requestStart comes after them).
export type PageTiming = {
  status: number;
  cid: string;
  /** performance.now() when the request was sent (a tap in this process shares the clock). */
  startedAt: number;
  firstByteMs: number;
  lastByteMs: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
};

export function timePage(url: string, headers: Record<string, string>): Promise<PageTiming> {
  return new Promise((resolve, reject) => {
    let start = performance.now();
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      let firstByteMs = performance.now() - start;
      const chunks: Buffer[] = [];
      let first = true;
      res.on('data', (chunk: Buffer) => {
        // The status line arrives with the headers; a body chunk written at once comes with them.
        if (first) firstByteMs = Math.min(firstByteMs, performance.now() - start);
        first = false;
        chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          cid: String(res.headers['x-correlation-id'] ?? ''),
          startedAt: start,
          firstByteMs,
          lastByteMs: performance.now() - start,
          body: Buffer.concat(chunks).toString(),
          headers: res.headers,
        }),
      );
      res.on('error', reject);
    });
    // The request is written as soon as its socket connects.
    req.once('socket', (socket) => {
      if (socket.connecting) socket.once('connect', () => (start = performance.now()));
    });
    req.on('error', reject);
    req.end();
  });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
