import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections, type OpenConnections } from './open-connections';
import { lingerBeforeClosing } from './request/lingering-close';

// What the drained shutdown closes, and when (ADR 0354). The shutdown itself is tested on the
// production process: tests/reliability/shutdown-connections-left-open.test.ts.
let server: Server | undefined;
const clients: Socket[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** The server's end of each connection, by the client's port. */
const accepted = new Map<number, Socket>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: a\r\n\r\n`;

/**
 * GET /slow is answered when the test says, any other GET at once; a POST gets a 413 with
 * `Connection: close` before its body, and its connection lingers (ADR 0301).
 */
async function start(watch = true): Promise<{
  port: number;
  tracked: OpenConnections;
  slow: ServerResponse[];
}> {
  const slow: ServerResponse[] = [];
  accepted.clear();
  server = createServer((request, response) => {
    if (request.method === 'POST') response.writeHead(413, { connection: 'close' }).end();
    else if (request.url === '/slow') slow.push(response);
    else response.end('ok');
  });
  lingerBeforeClosing(server, 10_000);
  const tracked = trackConnections(server);
  // As the shutdown does, before the connections of each case are made.
  if (watch) tracked.watch();
  server.on('connection', (socket: Socket) => accepted.set(socket.remotePort!, socket));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, tracked, slow };
}

/** A client: `text()` is what it has received, `closed()` whether the server destroyed its end. */
function client(port: number, sent = '') {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  let text = '';
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  if (sent) socket.write(sent);
  clients.push(socket);
  const closed = () => accepted.get(socket.localPort!)?.destroyed ?? false;
  return { socket, text: () => text, closed };
}

async function until(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error('waited 10 s');
    await sleep(10);
  }
}

describe('trackConnections: closeWhenIdle', () => {
  it('closes the idle ones at once, the others at the deadline', async () => {
    const { port, tracked } = await start();
    const answered = client(port, GET('/'));
    const half = client(port, 'GET / HTTP/1.1\r\nHost: a\r\nAcc');
    const silent = client(port);
    const lingering = client(port, 'POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999\r\n\r\n');
    const answering = client(port, GET('/slow'));
    await until(() => answered.text().endsWith('ok') && lingering.text().includes(' 413 '));

    tracked.closeWhenIdle(0, Date.now() + 1_000);
    await until(() => answered.closed() && half.closed() && silent.closed());
    // Still open: the one the server is closing (its answer out) and the one still answering.
    expect(lingering.closed()).toBe(false);
    expect(answering.closed()).toBe(false);
    await until(() => lingering.closed() && answering.closed());
  });

  it('leaves a connection idle for less than idleMs: a request sent on it now is answered', async () => {
    const { port, tracked, slow } = await start();
    const reused = client(port, GET('/slow'));
    await until(() => slow.length === 1);
    tracked.closeWhenIdle(5_000, Date.now() + 10_000);
    // Its answer ends after the sweep began (a balancer's connection, kept for the next request).
    slow[0]!.end('first');
    await until(() => reused.text().endsWith('first'));
    await sleep(200); // a few sweeps
    reused.socket.write(GET('/'));
    await until(() => reused.text().endsWith('ok'));
    expect(reused.closed()).toBe(false);
  });

  it('counts an answer begun before the watch as use when its bytes go out after it', async () => {
    const { port, tracked, slow } = await start(false);
    const reused = client(port, GET('/slow'));
    await until(() => slow.length === 1);
    // The shutdown begins while the answer is on its way (a streamed proxy answer).
    tracked.watch();
    await sleep(600);
    slow[0]!.end('first');
    await until(() => reused.text().endsWith('first'));
    // Drained now; unused for 600 ms since the watch began, but for less than idleMs since its
    // answer's last bytes: a balancer may still send its next request on it.
    tracked.closeWhenIdle(500, Date.now() + 10_000);
    reused.socket.write(GET('/'));
    await until(() => reused.text().endsWith('ok'));
    expect(reused.closed()).toBe(false);
    // Once unused for idleMs, it is closed.
    await until(() => reused.closed());
  });
});
