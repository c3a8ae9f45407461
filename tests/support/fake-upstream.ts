import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A recording fake of the platform on 127.0.0.1: tests script its answers per route and assert
// what it received (or that it received nothing).
export type RecordedRequest = {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
};

export type FakeResponse = {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: unknown;
  /** Wait before answering (timeouts). */
  delayMs?: number;
  /** Destroy the socket instead of answering (unreachable/reset). */
  destroy?: boolean;
};

type Handler = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
type Route = { method: string; path: string | RegExp; handler: Handler };

export type FakeUpstream = {
  url: string;
  requests: RecordedRequest[];
  /** Requests whose path starts with the prefix. */
  received(pathPrefix: string): RecordedRequest[];
  on(method: string, path: string | RegExp, handler: Handler | FakeResponse): void;
  reset(): void;
  close(): Promise<void>;
};

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  let routes: Route[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://upstream');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(recorded);
    const route = [...routes]
      .reverse()
      .find(
        (r) =>
          (r.method === '*' || r.method === recorded.method) &&
          (typeof r.path === 'string' ? r.path === recorded.path : r.path.test(recorded.path)),
      );
    const answer: FakeResponse = route
      ? await route.handler(recorded)
      : {
          status: 404,
          // As the platform answers: the error shape with the caller's correlation id.
          body: {
            error: {
              code: 'not_found',
              message: `fake: no route ${recorded.path}`,
              cid: req.headers['x-correlation-id'],
            },
          },
        };
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (answer.destroy) return void req.socket.destroy();
    const isText = typeof answer.body === 'string';
    res.writeHead(answer.status ?? 200, {
      'content-type': isText ? 'text/plain' : 'application/json',
      ...answer.headers,
    });
    const raw = Buffer.isBuffer(answer.body); // bytes as they are (an encoded body)
    res.end(answer.body === undefined || raw || isText ? answer.body : JSON.stringify(answer.body));
  });
  // Idle connections live as long as on the platform (Fastify's 72 s), so a connection the gateway
  // forgot is not rescued by the fake closing it early.
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received: (prefix) => requests.filter((r) => r.path.startsWith(prefix)),
    on: (method, path, handler) => {
      routes.push({
        method,
        path,
        handler: typeof handler === 'function' ? handler : () => handler,
      });
    },
    reset: () => {
      requests.length = 0;
      routes = [];
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
