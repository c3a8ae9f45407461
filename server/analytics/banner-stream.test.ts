import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { withBannerStream } from './banner-stream';

describe('the banner in a document sent in parts', () => {
  it('goes before </body> even when the tag is split across parts, multi-byte text intact', async () => {
    const parts = ['<html><head></head><body><p>Café ', '€</p></bo', 'dy></html>'].map((p) =>
      Buffer.from(p),
    );
    // Split a multi-byte character too.
    const euro = Buffer.from('€');
    const bytes = [parts[0]!, euro.subarray(0, 1), euro.subarray(1), parts[1]!, parts[2]!];
    const out = await text(withBannerStream(Readable.from(bytes), '<aside>B</aside>'));
    expect(out).toBe('<html><head></head><body><p>Café €€</p><aside>B</aside></body></html>');
  });

  it('passes the bytes of a multi-byte document unchanged around the banner, the tag split in three', async () => {
    const doc = Buffer.from('<html><body><p>Käse · “Milk” €1.20</p></body></html>');
    const at = doc.indexOf('</body>');
    const bytes = [doc.subarray(0, at + 2), doc.subarray(at + 2, at + 4), doc.subarray(at + 4)];
    const out = await buffer(withBannerStream(Readable.from(bytes), '<aside>Wahl · é</aside>'));
    const expected = Buffer.concat([
      doc.subarray(0, at),
      Buffer.from('<aside>Wahl · é</aside>'),
      doc.subarray(at),
    ]);
    expect(out.equals(expected)).toBe(true);
  });

  it('leaves a document without </body> as it is', async () => {
    const out = await text(withBannerStream(Readable.from([Buffer.from('<p>x</p>')]), '<b>'));
    expect(out).toBe('<p>x</p>');
  });

  it('passes each part on whole unless it ends with the start of </body>', async () => {
    const parts: string[] = [];
    const head = '<html><head><link rel="stylesheet" href="/s.css"/>';
    const stream = withBannerStream(
      Readable.from([Buffer.from(head), Buffer.from('<body></b')]),
      'B',
    );
    stream.on('data', (chunk: Buffer) => parts.push(chunk.toString()));
    await new Promise((resolve) => stream.on('end', resolve));
    // The head at once, whole (the browser starts on the stylesheet); '</b' waits for the next part.
    expect(parts[0]).toBe(head);
    expect(parts[1]).toBe('<body>');
    expect(parts.join('')).toBe(`${head}<body></b`);
  });
});
