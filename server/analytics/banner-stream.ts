import { Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

// The banner in a document that is sent in parts (a session's early head, ADR 0271): the text
// passes as it comes, but for the last few characters, which may be the start of `</body>`; the
// banner goes in before the first `</body>` (a document has one).
const END = '</body>';

export function withBannerStream(source: Readable, banner: string): Readable {
  const decoder = new StringDecoder('utf8');
  let held = '';
  let done = false;
  const out = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      let text = held + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      if (!done) {
        const at = text.indexOf(END);
        if (at !== -1) {
          text = `${text.slice(0, at)}${banner}${text.slice(at)}`;
          done = true;
        }
      }
      const keep = done ? 0 : Math.min(text.length, END.length - 1);
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
