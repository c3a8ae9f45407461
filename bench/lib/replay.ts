import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

// Record and replay of the platform, so a bench measures the gateway and not PGlite:
// - the recorder is an HTTP proxy in front of the real (seeded) platform that keeps every answer;
// - the replay server answers from memory, keyed by method + path + query without `cid` (and
//   whether the call carried credentials, so a guest's answer never stands in for the shopper's).
//   An answer whose call carried a cid (the context call) gets the caller's cid in its place.
export type Recorded = { status: number; contentType: string; body: string; cid: string | null };
export type Recording = Map<string, Recorded>;

type Listening = { url: string; server: Server; close(): Promise<void> };

/** The replay key of a request URL: method, path and query with `cid` left out. */
export function replayKey(req: IncomingMessage): { key: string; cid: string | null } {
  const url = new URL(req.url ?? '/', 'http://upstream');
  const cid = url.searchParams.get('cid');
  url.searchParams.delete('cid');
  const query = url.searchParams.toString();
  const who = req.headers.authorization || req.headers.cookie ? 'credentials' : 'anonymous';
  return { key: `${req.method} ${url.pathname}${query ? `?${query}` : ''} (${who})`, cid };
}

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Listening> {
  const server = createServer(handler);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A proxy to `platformUrl` keeping every answer while `recording` is on. */
export async function startRecorder(
  platformUrl: string,
): Promise<Listening & { recording: Recording; record(on: boolean): void }> {
  const recording: Recording = new Map();
  const state = { on: true };
  const listening = await listen(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    const upstream = await request(`${platformUrl}${req.url}`, {
      method: req.method as 'GET',
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = await upstream.body.text();
    const contentType = String(upstream.headers['content-type'] ?? 'application/json');
    if (state.on) {
      const { key, cid } = replayKey(req);
      recording.set(key, { status: upstream.statusCode, contentType, body, cid });
    }
    const out: Record<string, string | string[]> = { 'content-type': contentType };
    const setCookie = upstream.headers['set-cookie'];
    if (setCookie) out['set-cookie'] = setCookie;
    res.writeHead(upstream.statusCode, out);
    res.end(body);
  });
  return { ...listening, recording, record: (on) => void (state.on = on) };
}

export type ReplayCall = { key: string; arrivedMs: number };

type Replay = Listening & {
  misses: Map<string, number>;
  /** From now on, each call is pushed on the returned list as it arrives (null stops). */
  trace(list: ReplayCall[] | null): void;
};

/** Answers recorded calls from memory. */
export async function startReplay(recording: Recording): Promise<Replay> {
  const misses = new Map<string, number>();
  const state: { trace: ReplayCall[] | null } = { trace: null };
  const listening = await listen((req, res) => {
    const { key, cid } = replayKey(req);
    state.trace?.push({ key, arrivedMs: performance.now() });
    req.resume();
    const answer = recording.get(key);
    if (!answer) {
      misses.set(key, (misses.get(key) ?? 0) + 1);
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(
        JSON.stringify({ error: { code: 'not_found', message: `not recorded: ${key}` } }),
      );
    }
    const body = answer.cid && cid ? answer.body.split(answer.cid).join(cid) : answer.body;
    res.writeHead(answer.status, {
      'content-type': answer.contentType,
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  return { ...listening, misses, trace: (list) => void (state.trace = list) };
}
