import { once } from 'node:events';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHOP } from './endpoint-gateway';

// An upstream on 127.0.0.1 played by hand, for tests of what the gateway counts of a call: a path
// ending in `/slow` is never answered (its arrival is told to `next()`), `/upload` is read and
// never answered, `/fail` answers 500 with an error body, anything else 200 `{ "ok": true }`.
export type HandUpstream = {
  url: string;
  paths: string[];
  /** The answer of the next `/slow` request to arrive. */
  next(): Promise<ServerResponse>;
  close(): Promise<void>;
};

export async function startHandUpstream(): Promise<HandUpstream> {
  const paths: string[] = [];
  let arrived: (res: ServerResponse) => void = () => {};
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    req.on('error', () => {});
    if (req.url?.endsWith('/upload')) return void req.resume();
    if (req.url?.endsWith('/slow')) return arrived(res);
    const failing = req.url?.endsWith('/fail');
    res
      .writeHead(failing ? 500 : 200, { 'content-type': 'application/json' })
      .end(failing ? '{"error":{"code":"internal","message":"sick"}}' : '{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    next: () => new Promise((resolve) => (arrived = resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A visitor who asks the gateway on `port` for `slowPath` and goes away once the upstream has the
 * call and before it answers: 'left' once the upstream saw its side closed, or the status if the
 * gateway answered first (say, failing fast).
 */
export async function leaveBeforeTheAnswer(
  port: number,
  upstream: HandUpstream,
  slowPath: string,
): Promise<number | 'left'> {
  const arrived = upstream.next();
  const req = httpRequest({ port, agent: false, path: slowPath, headers: SHOP });
  req.on('error', () => {});
  const answered = new Promise<number>((resolve) =>
    req.on('response', (res) => resolve(res.statusCode ?? 0)),
  );
  req.end();
  const first = await Promise.race([arrived, answered]);
  req.destroy();
  if (typeof first === 'number') return first;
  await once(first, 'close'); // the gateway aborted its call
  return 'left';
}
