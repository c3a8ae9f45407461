import { writeSync } from 'node:fs';

// Where JSON log lines go (docs/decisions/0283, 0402): destinations in pino's contract (an object
// with `write(line)`), on a file descriptor (stdout).
// - `syncLines`, the default: each line is written before `write` returns, as pino's synchronous
//   destination (sonic-boom) does, without what that destination does per line besides the write:
//   encode the line twice more (one copy kept as a Buffer), emit an event and schedule a tick.
//   Request lines (one per request, ./observability/request-line.ts) take `writeAtTurnEnd`
//   instead: written together when the event loop's turn they were logged in ends (its check
//   phase), or at once before any other line, or at exit, whichever comes first (ADR 0402).
// - `bufferedLines`, when the operator chose LOG_BUFFER_KB: lines are held until that many bytes,
//   a second, or the process's exit, then written in one call. sonic-boom's buffered mode measures
//   its whole buffer again for every line it adds, which cost more than a write per line.
//
// A pipe whose reader is slow (a non-blocking descriptor, full) makes the write wait and retry:
// a line is never dropped for that, as with sonic-boom's synchronous mode. A descriptor nobody
// reads any more (EPIPE, EBADF) takes no more lines, rather than failing the request that logs.

const RETRY_MS = 1;
const pause = new Int32Array(new SharedArrayBuffer(4));
const GONE = new Set(['EPIPE', 'EBADF']);

export type LineDestination = { write(line: string): void };

/** Bytes written, retried while the descriptor is full; -1: nothing can be written any more. */
function writeOnce(fd: number, data: string | Buffer): number {
  for (;;) {
    try {
      return typeof data === 'string' ? writeSync(fd, data) : writeSync(fd, data);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, RETRY_MS);
        continue;
      }
      if (code && GONE.has(code)) return -1;
      throw error;
    }
  }
}

/** Writes `text` to `fd` whole; false when the descriptor takes nothing any more. */
function writeWhole(fd: number, text: string): boolean {
  const written = writeOnce(fd, text);
  if (written === -1) return false;
  if (written === Buffer.byteLength(text)) return true;
  // The rest of a partial write (a pipe with less room than the text).
  let rest = Buffer.from(text).subarray(written);
  while (rest.length > 0) {
    const more = writeOnce(fd, rest);
    if (more === -1) return false;
    rest = rest.subarray(more);
  }
  return true;
}

/** A destination that may hold a request line to the end of the turn (ADR 0402). */
export type TurnLines = LineDestination & { writeAtTurnEnd(line: string): void };

/**
 * Writes every line to `fd` at once, but request lines (`writeAtTurnEnd`): those are held until
 * the end of the event loop's turn (a ref'd `setImmediate`: the check phase right after the I/O
 * that answered them), until any other line (written after them, so the order is the calls'), or
 * until the process's exit (an uncaught error included), and then written in one call. Only a
 * process killed in that same turn (SIGKILL, an abort) loses them.
 */
export function syncLines(fd: number): TurnLines {
  let open = true;
  let held = '';
  let scheduled = false;
  const writeHeld = () => {
    if (held === '') return;
    const text = held;
    held = '';
    if (open) open = writeWhole(fd, text);
  };
  const atTurnEnd = () => {
    scheduled = false;
    writeHeld();
  };
  atExit(writeHeld);
  return {
    write(line) {
      writeHeld();
      if (open) open = writeWhole(fd, line);
    },
    writeAtTurnEnd(line) {
      held += line;
      if (scheduled) return;
      scheduled = true;
      setImmediate(atTurnEnd);
    },
  };
}

/** Whether `stream` holds request lines to the end of the turn (./logger.ts's request lines). */
export function holdsToTurnEnd(stream: object): stream is TurnLines {
  return typeof (stream as Partial<TurnLines>).writeAtTurnEnd === 'function';
}

// One exit listener for every destination (tests make many), each writing what it holds.
const exitWrites = new Set<() => void>();
function atExit(write: () => void): void {
  if (exitWrites.size === 0) process.once('exit', () => exitWrites.forEach((w) => w()));
  exitWrites.add(write);
}

/**
 * Holds lines until `bytes` (counted in characters), `flushMs` or the process's exit, then writes
 * them in one call. A crash that ends the process at once (SIGKILL, out of memory) loses what it
 * holds: the operator's choice (LOG_BUFFER_KB).
 */
export function bufferedLines(fd: number, bytes: number, flushMs = 1_000): LineDestination {
  let held: string[] = [];
  let size = 0;
  let open = true;
  const flush = () => {
    if (held.length === 0) return;
    const text = held.join('');
    held = [];
    size = 0;
    if (open) open = writeWhole(fd, text);
  };
  setInterval(flush, flushMs).unref();
  atExit(flush);
  return {
    write(line) {
      held.push(line);
      size += line.length;
      if (size >= bytes) flush();
    },
  };
}
