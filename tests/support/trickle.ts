import { connect } from 'node:net';

/**
 * Sends `head`, then `byte` every `everyMs` until the server ends the connection (or `giveUpMs`
 * pass): how long the connection lived, and what came back. Raw sockets: an HTTP client would
 * send its request at once.
 */
export function trickle(
  port: number,
  opts: { head: string; byte: string; everyMs: number; giveUpMs: number },
): Promise<{ afterMs: number; received: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.write(opts.head);
    const timer = setInterval(() => socket.write(opts.byte), opts.everyMs);
    // Far past the bound: the test ends either way.
    const giveUp = setTimeout(() => socket.destroy(), opts.giveUpMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ afterMs: Date.now() - started, received });
    });
  });
}
