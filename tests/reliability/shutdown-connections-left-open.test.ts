import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type NodeProcess } from '../support/processes';
import { sleep } from '../support/traffic';

// SIGTERM with connections that owe nobody an answer once the drain is done (server/
// gateway-process.ts, ADR 0354), against the production gateway (dist/server/main.js, `npm run
// build`). Node's close() closes only the connections idle when it starts and stops timing out
// requests: a connection kept alive after an answer whose head went out before the signal and
// whose body ended after close() began, one that had sent half a request, one that never sent
// any, each held the closed, drained gateway until KEEP_ALIVE_TIMEOUT_MS (72 s) or for ever, past
// close-with-grace's own deadline (delay + timeout + 4 s): exit 1, error reports not flushed
// (each test here waited out its 12 s bound). Now each is closed once nothing is in flight and it
// has been idle for SHUTDOWN_DELAY_MS (a balancer's reuse of it is answered meanwhile:
// server/open-connections.test.ts). An answer nobody reads is still in flight: cut at the
// shutdown timeout, not later. Raw sockets on 127.0.0.1, nothing read unless said.
const DELAY_MS = 300;
const TIMEOUT_MS = 12_000;
const API = '/api/services/catalogue/api/v1';
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

// The platform: /held sends its head and a first part at once (the gateway writes its own head
// with the first part of the body) and the rest when the test lets it; /big is 20 MB
// (more than the sockets between the gateway and a client that reads nothing can hold).
let platform: Server;
let platformUrl: string;
const held: ServerResponse[] = [];
let bigAsked = 0;
beforeAll(async () => {
  platform = createServer((req, res) => {
    if (req.url?.endsWith('/big')) bigAsked++;
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url?.endsWith('/held')) {
      res.write('{"first":true,');
      held.push(res);
    } else if (req.url?.endsWith('/big')) res.end(`["${'x'.repeat(20_000_000)}"]`);
    else res.end('{"small":true}');
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
});
afterAll(async () => {
  platform?.closeAllConnections();
  await new Promise((resolve) => platform?.close(resolve));
});

let gateway: NodeProcess | undefined;
const clients: Socket[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await gateway?.stop('SIGKILL');
});

async function startGateway(timeoutMs = TIMEOUT_MS) {
  gateway = await startGatewayProcess(platformUrl, {
    SHUTDOWN_DELAY_MS: String(DELAY_MS),
    SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
  });
  return gateway;
}

function client(port: number): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  clients.push(socket);
  return socket;
}

/** Everything `socket` receives, as text. */
function received(socket: Socket) {
  const seen = { text: '' };
  socket.on('data', (chunk: Buffer) => (seen.text += chunk.toString('latin1')));
  return seen;
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited 20 s for ${what}`);
    await sleep(20);
  }
}

/** True once the gateway's listener is closed: its close() has begun. */
const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = connect(port, '127.0.0.1');
    probe.once('connect', () => (probe.destroy(), resolve(false)));
    probe.once('error', () => resolve(true));
  });

/** SIGTERM, then the exit code and how long it took, or 'running' after `boundMs`. */
async function terminate(process: NodeProcess, boundMs: number) {
  const signalled = Date.now();
  process.child.kill('SIGTERM');
  const exited = await Promise.race([
    process.exited.then(() => true),
    sleep(boundMs).then(() => false),
  ]);
  return {
    exit: exited ? process.child.exitCode : 'running',
    tookMs: Date.now() - signalled,
    stderr: process.stderr(),
  };
}

describe('SIGTERM once drained, with connections left open', () => {
  it('closes a connection kept alive after an answer that ended once close() had begun', async () => {
    const { port } = await startGateway();
    const socket = client(port);
    const seen = received(socket);
    socket.write(get(`${API}/held`));
    await until(() => seen.text.startsWith('HTTP/1.1 200'), 'the head');
    expect(seen.text.toLowerCase()).not.toContain('connection: close');
    const stopping = terminate(gateway!, TIMEOUT_MS);
    // The listener closes when the delay ends; only then does the answer end.
    await until(() => refuses(port), 'the listener to close');
    held.shift()!.end('"done":true}');
    const { exit, tookMs, stderr } = await stopping;
    expect(exit, stderr).toBe(0);
    // The answer in flight was finished (the drain), then its connection closed at once.
    expect(seen.text).toContain('"done":true}');
    expect(seen.text.endsWith('\r\n0\r\n\r\n'), seen.text).toBe(true); // the last chunk
    expect(stderr).not.toContain('killed by timeout');
    expect(tookMs).toBeLessThan(TIMEOUT_MS);
  });

  it('closes a connection that has sent half a request after its answer', async () => {
    const { port } = await startGateway();
    const socket = client(port);
    const seen = received(socket);
    socket.write(get(`${API}/small`));
    await until(() => seen.text.includes('{"small":true}'), 'the answer');
    socket.write('GET /account HTTP/1.1\r\nHost: 127.0.0.1\r\nAcc');
    await sleep(100);
    const { exit, tookMs, stderr } = await terminate(gateway!, TIMEOUT_MS);
    expect(exit, stderr).toBe(0);
    expect(tookMs).toBeLessThan(TIMEOUT_MS);
  });

  it('closes a connection that never sent a request', async () => {
    const { port } = await startGateway();
    const socket = client(port);
    await new Promise((resolve) => socket.once('connect', resolve));
    await sleep(100);
    const { exit, tookMs, stderr } = await terminate(gateway!, TIMEOUT_MS);
    expect(exit, stderr).toBe(0);
    expect(tookMs).toBeLessThan(TIMEOUT_MS);
  });

  it('cuts an answer nobody reads at the shutdown timeout, before the kill', async () => {
    const timeoutMs = 2_000;
    const { port } = await startGateway(timeoutMs);
    const socket = client(port);
    socket.write(get(`${API}/big`));
    socket.pause();
    // In flight until it is all written, which never comes.
    await until(() => bigAsked === 1, 'the platform to be asked');
    const { exit, tookMs, stderr } = await terminate(gateway!, DELAY_MS + timeoutMs + 10_000);
    expect(exit, stderr).toBe(0);
    expect(stderr).not.toContain('killed by timeout');
    expect(tookMs).toBeGreaterThanOrEqual(DELAY_MS + timeoutMs - 100);
  });
});
