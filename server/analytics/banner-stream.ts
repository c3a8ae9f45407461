import { Transform, type Readable } from 'node:stream';

// The banner in a document that is sent in parts (a session's early head, ADR 0271): the bytes
// pass as they come, but for a tail that is the start of `</body>` (held for the next part); the
// banner goes in before the first `</body>` (a document has one). Only such a tail is held: the
// early head must reach the browser whole, its stylesheet link included. The document stays bytes
// (ADR 0296): `</body>` is ASCII, and no byte of a multi-byte character is one.
const END = Buffer.from('</body>');
const NOTHING = Buffer.alloc(0);

/** The length of the longest end of `bytes` that `</body>` starts with (0 to 6). */
function partialEnd(bytes: Buffer): number {
  for (let n = Math.min(bytes.length, END.length - 1); n > 0; n--)
    if (bytes.subarray(bytes.length - n).equals(END.subarray(0, n))) return n;
  return 0;
}

export function withBannerStream(source: Readable, banner: string): Readable {
  let held = NOTHING;
  let done = false;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const bytes = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      const at = bytes.indexOf(END);
      if (at !== -1) {
        done = true;
        held = NOTHING;
        const withBanner = [bytes.subarray(0, at), Buffer.from(banner), bytes.subarray(at)];
        return callback(null, Buffer.concat(withBanner));
      }
      const keep = partialEnd(bytes);
      held = Buffer.from(bytes.subarray(bytes.length - keep));
      callback(null, bytes.subarray(0, bytes.length - keep));
    },
    flush(callback) {
      callback(null, held);
    },
  });
  source.on('error', (error) => out.destroy(error));
  return source.pipe(out);
}
