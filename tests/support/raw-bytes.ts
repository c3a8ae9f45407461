import { connect } from 'node:net';
import { parseResponses, type SocketResponse } from './socket-exchange';

// Bytes written exactly as given on a new connection (a smuggling attempt, a bloated head), and
// every response read back: an HTTP client would refuse to send most of them, or hide a second
// answer. The reading ends when the server closes, once `quietMs` pass without a byte after
// `expect` answers have arrived (a kept-alive connection stays open), or after `maxMs` whatever
// arrived (a server still waiting for a body the bytes never finish).
export type RawExchange = {
  responses: SocketResponse[];
  /** Bytes after the last complete response. */
  rest: number;
  /** The server closed the connection. */
  closed: boolean;
};

export function sendBytes(
  port: number,
  bytes: string | Buffer,
  options: { localAddress?: string; expect?: number; quietMs?: number; maxMs?: number } = {},
): Promise<RawExchange> {
  const { expect = 1, quietMs = 300, maxMs = 10_000 } = options;
  return new Promise((resolve) => {
    const socket = connect({
      port,
      host: '127.0.0.1',
      localAddress: options.localAddress,
    });
    let raw = Buffer.alloc(0);
    let closed = false;
    let quiet: NodeJS.Timeout | undefined;
    const cap = setTimeout(() => finish(), maxMs);
    const finish = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      socket.destroy();
      const { responses, rest } = parseResponses(raw, false);
      resolve({ responses, rest, closed });
    };
    const rearm = () => {
      clearTimeout(quiet);
      if (parseResponses(raw, false).responses.length >= expect)
        quiet = setTimeout(finish, quietMs);
    };
    socket.on('data', (chunk: Buffer) => {
      raw = Buffer.concat([raw, chunk]);
      rearm();
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('error', () => {}); // a reset ends as a close
    socket.write(bytes);
  });
}
