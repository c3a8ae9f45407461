import { Agent, request } from 'undici';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

// The delaying tap's server (./delay-tap.ts), on a thread of its own: a network hop costs the
// platform none of its thread, so the tap must not either. Every call waits `latencyMs` before it
// is passed on; each finished call is posted to the bench with its times on the epoch clock
// (performance.timeOrigin differs between threads).
const { platformUrl, latencyMs } = workerData as { platformUrl: string; latencyMs: number };
const epochNow = () => performance.timeOrigin + performance.now();
const agent = new Agent({ connections: 256, keepAliveTimeout: 10_000 });

const server = createServer(async (req, res) => {
  const start = epochNow();
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
  parentPort!.postMessage({
    type: 'call',
    call: {
      cid: String(req.headers['x-correlation-id'] ?? ''),
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      start,
      end: epochNow(),
    },
  });
});
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  parentPort!.postMessage({ type: 'ready', port: (server.address() as AddressInfo).port });
});
parentPort!.on('message', (message: { type: string }) => {
  if (message.type !== 'close') return;
  server.closeAllConnections();
  server.close(() => void agent.close().then(() => parentPort!.close()));
});
