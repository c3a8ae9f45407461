import { writeSync } from 'node:fs';

// Where JSON log lines go when nothing is held (docs/decisions/0283): a destination in pino's
// contract (an object with `write(line)`), each line written to the file descriptor before
// `write` returns, as pino's synchronous destination (sonic-boom) does, without what that
// destination does per line besides the write: encode the line twice more (one copy kept as a
// Buffer), emit an event and schedule a tick.
//
// A pipe whose reader is slow (a non-blocking descriptor, full) makes the write wait and retry:
// a line is never dropped for that, as with sonic-boom's synchronous mode. A descriptor nobody
// reads any more (EPIPE, EBADF) takes no more lines, rather than failing the request that logs.

const RETRY_MS = 1;
const pause = new Int32Array(new SharedArrayBuffer(4));
const GONE = new Set(['EPIPE', 'EBADF']);

export type LineDestination = { write(line: string): void };

/** Writes every line to `fd` at once (a partial write is finished before `write` returns). */
export function syncLines(fd: number): LineDestination {
  let gone = false;

  // Bytes written, retried while the descriptor is full; -1: nothing can be written any more.
  const writeOnce = (data: string | Buffer): number => {
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
  };

  return {
    write(line) {
      if (gone) return;
      const written = writeOnce(line);
      if (written === -1) return void (gone = true);
      // The rest of a partial write (a pipe with less room than the line).
      if (written === Buffer.byteLength(line)) return;
      let rest = Buffer.from(line).subarray(written);
      while (rest.length > 0) {
        const more = writeOnce(rest);
        if (more === -1) return void (gone = true);
        rest = rest.subarray(more);
      }
    },
  };
}
