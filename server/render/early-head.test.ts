import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createEarlyHeads, redirectRest } from './early-head';

const start =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>';
const doc = (nonce: string, lang = 'en') =>
  start.replace('lang="en"', `lang="${lang}"`) +
  `<meta name="correlation-id" content="CID"/><title>Milk</title>` +
  `<link rel="modulepreload" href="/assets/entry.client-AB1.js" nonce="${nonce}"/>` +
  `<link rel="modulepreload" href="/assets/search-results-XY2.js" nonce="${nonce}"/>` +
  `<link nonce="${nonce}" rel="stylesheet" href="/assets/style-S1.css"/>` +
  '<link rel="stylesheet" href="/print.css" media="print"/></head><body>page</body></html>';

describe('early head (ADR 0271)', () => {
  it("is the shop's document start, its stylesheet and common preloads, with this response's nonce", () => {
    const heads = createEarlyHeads();
    expect(heads.headFor('https://shop', 'N2')).toBeNull();
    heads.learn('https://shop', doc('N1'), 'N1');
    const head = heads.headFor('https://shop', 'N2')!;
    expect(head).toBe(
      `${start}<link rel="modulepreload" href="/assets/entry.client-AB1.js" nonce="N2"/>` +
        '<link nonce="N2" rel="stylesheet" href="/assets/style-S1.css"/>',
    );
    expect(heads.headFor('https://other', 'N2')).toBeNull();
  });

  it('is kept one byte a character when learned from a document that is not (ADR 0286)', () => {
    const heads = createEarlyHeads();
    heads.learn('https://shop', doc('N1').replace('page', '“Milk” €1.20'), 'N1');
    const head = heads.headFor('https://shop', 'N2')!;
    // V8's serializer tags a one-byte string '"', a two-byte one 'c' (after padding).
    const tag = (text: string) =>
      serialize(text)
        .subarray(2)
        .find((byte) => byte !== 0);
    expect(tag(doc('N1').replace('page', '€'))).toBe(0x63);
    expect(tag(head)).toBe(0x22);
    expect(head).toContain(
      '<link rel="modulepreload" href="/assets/entry.client-AB1.js" nonce="N2"/>',
    );
  });

  it('is followed by the rest of the document without its repeated start', () => {
    const heads = createEarlyHeads();
    heads.learn('https://shop', doc('N1'), 'N1');
    const head = heads.headFor('https://shop', 'N2')!;
    const rest = heads.restOf(doc('N2'), head);
    expect(rest.startsWith('<meta name="correlation-id"')).toBe(true);
    expect((head + rest).match(/<!DOCTYPE/g)).toHaveLength(1);
    // The shop's language changed: the rest starts inside <head>, the early <html> stands.
    const other = heads.restOf(doc('N2', 'de'), head);
    expect(other.startsWith('<meta charSet="utf-8"/>')).toBe(true);
    expect(other).not.toContain('<html');
  });

  it("cuts a template's bytes where it cuts their text, a multi-byte title before the cut (ADR 0296)", () => {
    const heads = createEarlyHeads();
    heads.learn('https://shop', doc('N1'), 'N1');
    const head = heads.headFor('https://shop', 'N2')!;
    for (const lang of ['en', 'de']) {
      const text = doc('N2', lang).replace('<title>Milk', '<title>“Milk” €1.20 · Käse');
      const bytes = heads.restOf(Buffer.from(text), head);
      expect(Buffer.isBuffer(bytes)).toBe(true);
      expect(bytes.toString()).toBe(heads.restOf(text, head));
    }
    // The document start itself with a character of two bytes: its bytes are longer than its text.
    const wide = createEarlyHeads();
    const accented = (nonce: string) => doc(nonce).replace('lang="en"', 'lang="en" data-x="é"');
    wide.learn('https://shop', accented('N1'), 'N1');
    const wideHead = wide.headFor('https://shop', 'N2')!;
    const rest = wide.restOf(Buffer.from(accented('N2')), wideHead);
    expect(rest.toString()).toBe(wide.restOf(accented('N2'), wideHead));
    expect(rest.toString().startsWith('<meta name="correlation-id"')).toBe(true);
  });

  it('ends a redirect with a refresh whose target cannot leave the attribute', () => {
    const rest = redirectRest('/social-login?returnTo=%2Fa&x="><script>');
    expect(rest).toContain(
      'content="0;url=/social-login?returnTo=%2Fa&amp;x=&quot;&gt;&lt;script&gt;"',
    );
    expect(rest).not.toContain('<script>');
    expect(rest.endsWith('</html>')).toBe(true);
  });
});
