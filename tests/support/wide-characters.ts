// Pages filled from templates write characters beyond Latin-1 as references (`&#x20ac;` for €,
// docs/decisions/0286), which a browser reads as the characters. Tests that look for text in a
// document's HTML read it the same way; references of Latin-1 characters stay as React wrote them.
export function withWideCharacters(html: string): string {
  return html.replace(/&#x([0-9a-f]{3,6});/g, (reference, hex: string) => {
    const code = parseInt(hex, 16);
    return code > 0xff ? String.fromCodePoint(code) : reference;
  });
}
