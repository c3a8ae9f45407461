// Documents kept as one-byte strings (server only: it uses Buffer; docs/decisions/0286). V8 stores
// a string whose characters all fit in Latin-1 with one byte each. A single character beyond that
// (a price's €, a curly quote) makes the whole document two bytes a character, and so does every
// slice of it: joining a template's parts, inserting the consent banner and encoding the UTF-8
// the socket sends then cost several times more. Characters beyond Latin-1 are written as escapes
// their context reads back as the same text: a character reference in HTML text and attributes,
// `\uXXXX` inside a script (JS and JSON strings decode it), a CSS escape inside a style element.

const WIDE = /[^\x00-\xff]/;
const WIDE_ALL = /[^\x00-\xff]/g;
/** Whole code points (an emoji is one reference, not two halves of one). */
const WIDE_CODE_POINTS = /[^\x00-\xff]/gu;
const RAW_TEXT = /(<script\b[^>]*>)([\s\S]*?)(<\/script>)|(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');

/** In HTML text or an attribute value: a numeric character reference. */
const htmlEscapes = (text: string) =>
  text.replace(WIDE_CODE_POINTS, (c) => `&#x${hex(c.codePointAt(0)!, 1)};`);

/** Inside a script: `\uXXXX` per UTF-16 unit, which JS and JSON strings decode. */
const scriptEscapes = (text: string) =>
  text.replace(WIDE_ALL, (c) => `\\u${hex(c.charCodeAt(0), 4)}`);

/** Inside a style element: a six-digit CSS escape, which needs no space after it. */
const styleEscapes = (text: string) =>
  text.replace(WIDE_CODE_POINTS, (c) => `\\${hex(c.codePointAt(0)!, 6)}`);

/** `html` with its characters beyond Latin-1 escaped for their context; the same text read back. */
export function narrowHtml(html: string): string {
  if (!WIDE.test(html)) return html;
  let out = '';
  let last = 0;
  for (const match of html.matchAll(RAW_TEXT)) {
    out += htmlEscapes(html.slice(last, match.index));
    // The tags' own attributes are HTML; nothing wide is left for the one-byte copy to mangle.
    out += match[1]
      ? htmlEscapes(match[1]) + scriptEscapes(match[2]!) + match[3]
      : htmlEscapes(match[4]!) + styleEscapes(match[5]!) + match[6];
    last = match.index + match[0].length;
  }
  return out + htmlEscapes(html.slice(last));
}

/**
 * `html` as a one-byte string: escaped where needed (narrowHtml), then copied into a string of
 * its own, since a slice or an escaped copy of a two-byte string stays two-byte.
 */
export function oneByteHtml(html: string): string {
  return Buffer.from(narrowHtml(html), 'latin1').toString('latin1');
}

/**
 * A freshly rendered piece of HTML as a one-byte string: copied only when it holds a character
 * beyond Latin-1, since a string rendered from one-byte pieces alone is one-byte already.
 */
export function oneByteWhereWide(html: string): string {
  return WIDE.test(html) ? oneByteHtml(html) : html;
}
