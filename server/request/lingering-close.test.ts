import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerBeforeClosing } from './lingering-close';

// When the server closes a connection it answered before the upload arrived (ADR 0301). That the
// answer then reaches the client is tested on the production process, where the reset lost it:
// tests/integration/gateway-early-answer-uploads.test.ts.
let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server answering 403 at once; `lifetimes` gets how long each connection lived, in ms. */
function answerEarly(lingerMs: number, lifetimes: number[]): Promise<number> {
  server = createServer((_request, response) => {
    response.writeHead(403, { 'content-length': 7, connection: 'close' });
    response.end('refused');
  });
  lingerBeforeClosing(server, lingerMs);
  server.on('connection', (socket: Socket) => {
    const opened = performance.now();
    socket.on('close', () => lifetimes.push(performance.now() - opened));
  });
  return new Promise((listening) =>
    server!.listen(0, '127.0.0.1', () => listening((server!.address() as AddressInfo).port)),
  );
}

/**
 * Sends the head and `sent` of a body of `declared` bytes, the rest `laterMs` after; the client
 * keeps its side open (as an upload does after the server's FIN) for 3 s, and gets the answer.
 */
function upload(port: number, declared: number, sent: number, laterMs = 0): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      resolve(Buffer.concat(chunks).toString('latin1'));
      setTimeout(() => socket.destroy(), 3_000);
    });
    socket.write(
      `POST /checkout HTTP/1.1\r\nHost: shop\r\nContent-Length: ${declared}\r\n` +
        `Connection: close\r\n\r\n${'a'.repeat(sent)}`,
    );
    if (laterMs) setTimeout(() => socket.write('a'.repeat(declared - sent)), laterMs);
  });
}

const waitFor = async (done: () => boolean) => {
  while (!done()) await new Promise((tick) => setTimeout(tick, 10));
};

describe('the lingering close', () => {
  it('closes a connection whose upload never ends after the linger time', async () => {
    const lifetimes: number[] = [];
    const port = await answerEarly(200, lifetimes);
    expect(await upload(port, 4, 3)).toMatch(/^HTTP\/1.1 403/);
    await waitFor(() => lifetimes.length === 1);
    // Not before the linger time, and not when the client gives up 3 s later.
    expect(lifetimes[0]).toBeGreaterThanOrEqual(190);
    expect(lifetimes[0]).toBeLessThan(2_000);
  });

  it('closes once the rest of the upload has arrived, before the linger time', async () => {
    const lifetimes: number[] = [];
    const port = await answerEarly(10_000, lifetimes);
    expect(await upload(port, 4, 3, 100)).toMatch(/^HTTP\/1.1 403/);
    await waitFor(() => lifetimes.length === 1);
    expect(lifetimes[0]).toBeGreaterThanOrEqual(90);
    expect(lifetimes[0]).toBeLessThan(2_000);
  });

  it('closes at once when the whole request was read', async () => {
    const lifetimes: number[] = [];
    const port = await answerEarly(10_000, lifetimes);
    expect(await upload(port, 3, 3)).toMatch(/^HTTP\/1.1 403/);
    await waitFor(() => lifetimes.length === 1);
    expect(lifetimes[0]).toBeLessThan(2_000);
  });
});
