import { connect, type Socket } from 'node:net';

// One request on a raw keep-alive connection, and every response the server wrote on it: a test
// can then tell "one answer" from "an answer and a second one" (a status line after the first
// answer's end), which an HTTP client hides. The visitor may also leave before the answer.
export type SocketResponse = {
  status: number;
  /** Lower-case names; a repeated header (Set-Cookie) keeps every value in order. */
  headers: Record<string, string[]>;
  body: Buffer;
};

export type SocketRecord = {
  /** Complete responses, in the order they arrived. */
  responses: SocketResponse[];
  /** Bytes after the last complete response: a response cut short, or garbage. */
  trailing: number;
  /** Bytes received in all. */
  received: number;
};

export type SocketExchange = {
  /** The first complete response, or null when the connection ended without one. */
  answered: Promise<SocketResponse | null>;
  /** The visitor leaves: the connection is destroyed. */
  leave(): void;
  /** What the connection carried by now; the connection is then closed. */
  finish(): SocketRecord;
};

export type SocketRequest = {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string;
};

export function openExchange(port: number, request: SocketRequest): SocketExchange {
  const socket: Socket = connect({ port, host: '127.0.0.1' });
  let raw = Buffer.alloc(0);
  let settle: (response: SocketResponse | null) => void = () => {};
  const answered = new Promise<SocketResponse | null>((resolve) => (settle = resolve));
  const parsed = () => parseResponses(raw, request.method === 'HEAD');
  socket.on('data', (chunk: Buffer) => {
    raw = Buffer.concat([raw, chunk]);
    const [first] = parsed().responses;
    if (first) settle(first);
  });
  socket.on('close', () => settle(parsed().responses[0] ?? null));
  socket.on('error', () => {}); // a reset shows as a missing answer
  const body = request.body ?? '';
  const head = [`${request.method} ${request.target} HTTP/1.1`];
  for (const [name, value] of Object.entries(request.headers)) head.push(`${name}: ${value}`);
  if (body) head.push(`content-length: ${Buffer.byteLength(body)}`);
  socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  return {
    answered,
    leave: () => void socket.destroy(),
    finish: () => {
      socket.destroy();
      const { responses, rest } = parsed();
      return { responses, trailing: rest, received: raw.length };
    },
  };
}

/** The complete responses at the start of `raw` (HTTP/1.1 framing) and how many bytes remain. */
export function parseResponses(
  raw: Buffer,
  toHead: boolean,
): { responses: SocketResponse[]; rest: number } {
  const responses: SocketResponse[] = [];
  let at = 0;
  for (;;) {
    const headEnd = raw.indexOf('\r\n\r\n', at);
    if (headEnd === -1) break;
    const [statusLine = '', ...lines] = raw.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = Number(statusLine.split(' ')[1]) || 0;
    const headers: Record<string, string[]> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      (headers[name] ??= []).push(line.slice(colon + 1).trim());
    }
    const bodyAt = headEnd + 4;
    const framed = frameBody(raw, bodyAt, headers, toHead || status === 204 || status === 304);
    if (!framed) break;
    responses.push({ status, headers, body: framed.body });
    at = framed.end;
  }
  return { responses, rest: raw.length - at };
}

/** The body starting at `at` and where the response ends, or null: not all of it arrived. */
function frameBody(
  raw: Buffer,
  at: number,
  headers: Record<string, string[]>,
  bodiless: boolean,
): { body: Buffer; end: number } | null {
  if (bodiless) return { body: Buffer.alloc(0), end: at };
  if (headers['transfer-encoding']?.some((value) => value.includes('chunked'))) {
    const parts: Buffer[] = [];
    for (let cursor = at; ;) {
      const lineEnd = raw.indexOf('\r\n', cursor);
      if (lineEnd === -1) return null;
      const size = parseInt(raw.subarray(cursor, lineEnd).toString('latin1'), 16);
      if (!Number.isFinite(size)) return null;
      if (size === 0) {
        const end = raw.indexOf('\r\n\r\n', lineEnd);
        return end === -1 ? null : { body: Buffer.concat(parts), end: end + 4 };
      }
      if (raw.length < lineEnd + 2 + size + 2) return null;
      parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
      cursor = lineEnd + 2 + size + 2;
    }
  }
  const length = Number(headers['content-length']?.[0] ?? 0);
  if (raw.length < at + length) return null;
  return { body: raw.subarray(at, at + length), end: at + length };
}
