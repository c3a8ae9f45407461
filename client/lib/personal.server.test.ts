import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { visitorAttribute, visitorStream, withVisitor } from './personal.server';

// The visitor on a document's <body> (ADR 0203): escaped as React escapes an attribute, added to
// a rendered string or to the chunk of a streamed document that holds `<body`.
const visitor = {
  hasSession: true,
  account: { id: 'a1', login: null, email: "o'neil&co@example.com" },
  cart: null,
};

describe('the visitor on the body', () => {
  it('escapes the JSON for an attribute, as React does', () => {
    const value = visitorAttribute(visitor);
    expect(value).not.toMatch(/["'<>]|&(?!quot;|amp;|#x27;)/);
    const decoded = value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual(visitor);
  });

  it('adds the attribute to the first <body> of a rendered document', () => {
    expect(withVisitor('<html><head></head><body><p>x</p></body></html>', 'V')).toBe(
      '<html><head></head><body data-visitor="V"><p>x</p></body></html>',
    );
  });

  it('adds it to a streamed document, whichever chunk `<body` is split across', async () => {
    const document =
      '<!DOCTYPE html><html><head><title>t</title></head><body><main>€</main></body></html>';
    const bytes = Buffer.from(document);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      const out: Buffer[] = [];
      for await (const chunk of Readable.from(chunks).pipe(visitorStream('V'))) out.push(chunk);
      expect(Buffer.concat(out).toString(), `cut at ${cut}`).toBe(withVisitor(document, 'V'));
    }
  });
});
