import { Agent, request } from 'undici';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A delaying tap in front of the platform (issue #30 item 3): every call waits `latencyMs` before
// it is passed on, as a cross-service hop would, and is logged with the page's CID (the product
// header every gateway call carries), its path and when it started and ended, so a bench can tell
// how many calls a page made and how many round trips deep they were.
export type TapCall = { cid: string; method: string; path: string; start: number; end: number };

export type DelayTap = {
  url: string;
  calls: TapCall[];
  /** The calls of one page, by its CID. */
  callsOf(cid: string): TapCall[];
  close(): Promise<void>;
};

export async function startDelayTap(platformUrl: string, latencyMs: number): Promise<DelayTap> {
  const calls: TapCall[] = [];
  const agent = new Agent({ connections: 256, keepAliveTimeout: 10_000 });
  const server: Server = createServer(async (req, res) => {
    const start = performance.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    try {
      const answer = await request(`${platformUrl}${req.url}`, {
        method: req.method as 'GET',
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        dispatcher: agent,
      });
      const body = Buffer.from(await answer.body.arrayBuffer());
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || name === 'transfer-encoding' || name === 'connection') continue;
        out[name] = value;
      }
      out['content-length'] = String(body.length);
      res.writeHead(answer.statusCode, out).end(body);
    } catch {
      res.writeHead(502).end();
    }
    const cid = String(req.headers['x-correlation-id'] ?? '');
    calls.push({
      cid,
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      start,
      end: performance.now(),
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    callsOf: (cid) => calls.filter((call) => call.cid === cid),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await agent.close();
    },
  };
}

/**
 * Round trips on the critical path: the longest chain of calls each of which started after the
 * one before it had ended. Calls that overlap count once, whatever their number.
 */
export function roundTrips(calls: readonly TapCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    let before = 0;
    for (let j = 0; j < i; j += 1)
      if (sorted[j]!.end <= sorted[i]!.start) before = Math.max(before, depth[j]!);
    depth.push(before + 1);
  }
  return Math.max(0, ...depth);
}
