import { Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

// The banner in a document that is sent in parts (a session's early head, ADR 0271): the text
// passes as it comes, but for a tail that is the start of `</body>` (held for the next part); the
// banner goes in before the first `</body>` (a document has one). Only such a tail is held: the
// early head must reach the browser whole, its stylesheet link included.
const END = '</body>';

/** The length of the longest end of `text` that `</body>` starts with (0 to 6). */
function partialEnd(text: string): number {
  for (let n = Math.min(text.length, END.length - 1); n > 0; n--)
    if (text.endsWith(END.slice(0, n))) return n;
  return 0;
}

export function withBannerStream(source: Readable, banner: string): Readable {
  const decoder = new StringDecoder('utf8');
  let held = '';
  let done = false;
  // Text stays text: a string written in is not encoded here to be decoded again.
  const out = new Transform({
    decodeStrings: false,
    encoding: 'utf8',
    transform(chunk: Buffer | string, _encoding, callback) {
      let text = held + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      if (!done) {
        const at = text.indexOf(END);
        if (at !== -1) {
          text = `${text.slice(0, at)}${banner}${text.slice(at)}`;
          done = true;
        }
      }
      const keep = done ? 0 : partialEnd(text);
      held = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep));
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
  source.on('error', (error) => out.destroy(error));
  return source.pipe(out);
}
