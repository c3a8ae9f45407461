import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A proxy in front of the reference platform that breaks the upstream contract on purpose, the
// way an adopter's service might (tests/integration/conformance-mutations.test.ts): each request
// goes through the mutation in force, which may answer for the platform, hold the answer back or
// change it. The answers are read whole, so a mutation sees and rewrites the body as text.
export type Exchange = {
  method: string;
  /** The path and query, as sent. */
  url: string;
  path: string;
  headers: Record<string, string>;
  body: string;
};
export type Answer = { status: number; headers: Record<string, string>; body: string };
/** What a request gets: `forward()` is the platform's own answer. */
export type Mutation = (request: Exchange, forward: () => Promise<Answer>) => Promise<Answer>;

export type MutatingProxy = {
  url: string;
  /** The mutation in force; none: every answer passes unchanged. */
  use(mutation: Mutation | undefined): void;
  close(): Promise<void>;
};

// Hop-by-hop and framing headers: node's server and fetch set their own for the bytes they send.
const DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);
const kept = (headers: Iterable<[string, string]>) =>
  Object.fromEntries([...headers].filter(([name]) => !DROPPED.has(name.toLowerCase())));

export async function startMutatingProxy(target: string): Promise<MutatingProxy> {
  let mutation: Mutation | undefined;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: Exchange = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      path: new URL(req.url ?? '/', 'http://proxy').pathname,
      headers: kept(
        Object.entries(req.headers).map(([name, value]): [string, string] => [name, String(value)]),
      ),
      body: Buffer.concat(chunks).toString('utf8'),
    };
    const forward = async (): Promise<Answer> => {
      const answer = await fetch(new URL(request.url, target), {
        method: request.method,
        headers: request.headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      });
      return { status: answer.status, headers: kept(answer.headers), body: await answer.text() };
    };
    try {
      const answer = mutation ? await mutation(request, forward) : await forward();
      res.writeHead(answer.status, answer.headers).end(answer.body);
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    use: (next) => void (mutation = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
