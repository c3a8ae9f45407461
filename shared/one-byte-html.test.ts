import fc from 'fast-check';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { narrowHtml, oneByteHtml, oneByteWhereWide } from './one-byte-html';

// Documents as one-byte strings (docs/decisions/0286): characters beyond Latin-1 escaped for their
// context, so that what a browser reads back is the same text.

/** Whether V8 holds `text` one byte a character: its serializer tags the two kinds apart. */
function isOneByte(text: string): boolean {
  const bytes = serialize(text);
  let at = 2; // after the version header; a two-byte string may be padded first
  while (bytes[at] === 0) at += 1;
  return bytes[at] === 0x22; // '"' one-byte, 'c' two-byte
}

/** The text of a JS string literal in a script, as the engine reads it. */
const readScriptString = (literal: string) => new Function(`return ${literal}`)() as string;

describe('narrowHtml', () => {
  it('writes characters beyond Latin-1 in text and attributes as character references', () => {
    expect(narrowHtml('<p title="“x”">€1.20 › café</p>')).toBe(
      '<p title="&#x201c;x&#x201d;">&#x20ac;1.20 &#x203a; café</p>',
    );
  });

  it('keeps a character outside the basic plane as one reference, not two halves', () => {
    expect(narrowHtml('<p>🍎</p>')).toBe('<p>&#x1f34e;</p>');
  });

  it('writes them as \\u escapes inside a script, which JS and JSON strings read back', () => {
    const data = { title: '“milk” 🍎', price: '€1.20' };
    const script = `<script nonce="n">window.d = ${JSON.stringify(JSON.stringify(data))};</script>`;
    const narrowed = narrowHtml(`<p>€</p>${script}<p>€</p>`);
    expect(narrowed).not.toMatch(/[^\x00-\xff]/);
    const literal = /window\.d = (".*");<\/script>/.exec(narrowed)![1]!;
    expect(JSON.parse(readScriptString(literal))).toEqual(data);
    expect(narrowed.startsWith('<p>&#x20ac;</p><script nonce="n">')).toBe(true);
    expect(narrowed.endsWith('</script><p>&#x20ac;</p>')).toBe(true);
  });

  it('writes them as six-digit CSS escapes inside a style element', () => {
    expect(narrowHtml('<style>.price::before{content:"€"}</style>')).toBe(
      '<style>.price::before{content:"\\0020ac"}</style>',
    );
  });

  it('leaves no character beyond Latin-1 anywhere, tags of scripts and styles included', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom('<script data-x="€">', '</script>', '<style>', '</style>', '<p title="›">'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        expect(narrowHtml(pieces.join(''))).not.toMatch(/[^\x00-\xff]/);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves a document without such characters as it is (Latin-1 included)', () => {
    const html = '<p>café · 1,20\u00a0kr</p><script>var x = "é";</script>';
    expect(narrowHtml(html)).toBe(html);
  });
});

describe('one-byte copies', () => {
  it('oneByteHtml makes a one-byte string of a document that had a wide character', () => {
    const page = `<!DOCTYPE html><html><body><p>€${'x'.repeat(500)}</p></body></html>`;
    expect(isOneByte(page)).toBe(false);
    const copy = oneByteHtml(page);
    expect(isOneByte(copy)).toBe(true);
    expect(copy).toBe(narrowHtml(page));
  });

  it('oneByteHtml copies a Latin-1 slice of a two-byte string into a one-byte string', () => {
    const slice = `€${'<link rel="stylesheet">'.repeat(20)}`.slice(1);
    expect(isOneByte(slice)).toBe(false);
    expect(isOneByte(oneByteHtml(slice))).toBe(true);
    expect(oneByteHtml(slice)).toBe(slice);
  });

  it('oneByteWhereWide copies only a piece with a wide character', () => {
    const plain = `<p>${'a'.repeat(300)}</p>`;
    expect(oneByteWhereWide(plain)).toBe(plain);
    const wide = `<p>${'a'.repeat(300)}€</p>`;
    expect(isOneByte(oneByteWhereWide(wide))).toBe(true);
    expect(oneByteWhereWide(wide)).toBe(narrowHtml(wide));
  });
});
