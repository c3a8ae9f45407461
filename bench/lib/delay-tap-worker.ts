import { HTTPParser } from 'http-parser-js';
import { connect, createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

// The delaying tap's server (./delay-tap.ts), on a thread of its own: a network hop costs the
// platform none of its thread, so the tap must not either. It is a TCP relay, as a network link
// is: every byte from the gateway reaches the platform `latencyMs` later, and the platform's
// bytes go back at once. The tap reads both streams with an HTTP/1 parser only to log each call
// (the page's CID, method, path, when its request reached the tap and when its answer's last byte
// left it) on the epoch clock (performance.timeOrigin differs between threads); it neither parses
// nor rebuilds what it passes on, so its own cost stays far below the delay it models.
const { platformUrl, latencyMs } = workerData as { platformUrl: string; latencyMs: number };
const upstream = new URL(platformUrl);
const epochNow = () => performance.timeOrigin + performance.now();

type Call = { cid: string; method: string; path: string; start: number };
/**
 * Calls whose answers have left, until the bench collects them: a message per call would be an
 * event on the thread the bench runs its platform on, in the middle of a page's calls.
 */
const done: (Call & { end: number })[] = [];

/** Writes each chunk to `to` once `latencyMs` has passed since it arrived, in order. */
function delayedWriter(to: Socket) {
  const queue: { due: number; chunk: Buffer | null }[] = [];
  let armed = false;
  const flush = () => {
    armed = false;
    const now = performance.now();
    while (queue.length && queue[0]!.due <= now) {
      const { chunk } = queue.shift()!;
      if (chunk) to.write(chunk);
      else to.end();
    }
    arm();
  };
  // A timer may fire up to a millisecond early (libuv counts whole milliseconds): never early.
  const arm = () => {
    if (armed || !queue.length) return;
    armed = true;
    const wait = queue[0]!.due - performance.now();
    if (wait < 1) setImmediate(flush);
    else setTimeout(flush, Math.floor(wait));
  };
  return (chunk: Buffer | null) => {
    queue.push({ due: performance.now() + latencyMs, chunk });
    arm();
  };
}

function relay(client: Socket) {
  const platform = connect({ host: upstream.hostname, port: Number(upstream.port) });
  client.setNoDelay(true);
  platform.setNoDelay(true);
  const send = delayedWriter(platform);
  const inFlight: Call[] = [];
  let arrived = 0;

  const requests = new HTTPParser(HTTPParser.REQUEST);
  requests[HTTPParser.kOnHeadersComplete] = (info) => {
    const at = info.headers.findIndex(
      (h, i) => i % 2 === 0 && h.toLowerCase() === 'x-correlation-id',
    );
    inFlight.push({
      cid: at >= 0 ? info.headers[at + 1]! : '',
      method: HTTPParser.methods[info.method] ?? 'GET',
      path: info.url,
      start: arrived,
    });
  };
  const answers = new HTTPParser(HTTPParser.RESPONSE);
  // A HEAD request's answer has headers and no body.
  answers[HTTPParser.kOnHeadersComplete] = () => (inFlight[0]?.method === 'HEAD' ? 1 : 0);
  answers[HTTPParser.kOnMessageComplete] = () => {
    const call = inFlight.shift();
    if (call) done.push({ ...call, end: epochNow() });
  };

  client.on('data', (chunk: Buffer) => {
    arrived = epochNow();
    send(chunk);
    requests.execute(chunk);
  });
  client.on('end', () => send(null));
  platform.on('data', (chunk: Buffer) => {
    client.write(chunk);
    answers.execute(chunk);
  });
  platform.on('end', () => client.end());
  const close = () => {
    client.destroy();
    platform.destroy();
  };
  client.on('error', close).on('close', close);
  platform.on('error', close).on('close', close);
  sockets.add(client);
  client.on('close', () => sockets.delete(client));
}

const sockets = new Set<Socket>();
const server = createServer(relay);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  parentPort!.postMessage({ type: 'ready', port: typeof address === 'object' && address?.port });
});
parentPort!.on('message', (message: { type: string }) => {
  if (message.type === 'collect') parentPort!.postMessage({ type: 'calls', calls: done.splice(0) });
  if (message.type !== 'close') return;
  for (const socket of sockets) socket.destroy();
  server.close(() => parentPort!.close());
});
