import { categorySeeds } from '../../seed/catalogue/categories';

// Product pictures drawn on the fly: deterministic SVG from the product's name, brand and
// category (colours), so the demo needs no image files and every product looks distinct.
// Picture n of a product shows the same product from another "angle" (other shapes).
export type ImageSubject = { id: string; name: string; brand: string; categorySlug: string };

const FALLBACK: readonly [string, string] = ['#f1f1f1', '#555555'];
const coloursOf = new Map(categorySeeds.map((c) => [c.slug, c.colours]));

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

/** A 32-bit FNV-1a hash: the same product always gets the same shapes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function initials(name: string): string {
  const words = name.split(/[\s-]+/).filter((w) => /^\p{L}/u.test(w));
  return words
    .slice(-2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Splits a name into at most two lines of about 22 characters. */
function lines(name: string): string[] {
  const out: string[] = [''];
  for (const word of name.split(' ')) {
    const current = out[out.length - 1]!;
    if (current && (current + ' ' + word).length > 22 && out.length < 2) out.push(word);
    else out[out.length - 1] = current ? `${current} ${word}` : word;
  }
  return out;
}

export function productSvg(subject: ImageSubject, n: number): string {
  const [background, accent] = coloursOf.get(subject.categorySlug) ?? FALLBACK;
  const h = hash(`${subject.id}/${n}`);
  const shapes = Array.from({ length: 3 + (h % 3) }, (_, i) => {
    const x = ((h >>> (i * 3)) % 360) + 20;
    const y = ((h >>> (i * 5 + 1)) % 200) + 20;
    const r = 20 + ((h >>> (i * 7 + 2)) % 50);
    return (h >>> i) & 1
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${accent}" opacity="0.12"/>`
      : `<rect x="${x - r}" y="${y - r}" width="${r * 2}" height="${r * 1.4}" rx="12" fill="${accent}" opacity="0.1"/>`;
  }).join('');
  const title = lines(subject.name)
    .map(
      (line, i) =>
        `<text x="200" y="${318 + i * 26}" font-size="22" text-anchor="middle" fill="#222">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(subject.name)}">` +
    `<rect width="400" height="400" fill="${background}"/>${shapes}` +
    `<circle cx="200" cy="${n === 1 ? 170 : 160}" r="${n === 2 ? 90 : 80}" fill="${accent}"/>` +
    `<text x="200" y="${n === 1 ? 190 : 180}" font-family="sans-serif" font-size="56" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(initials(subject.name))}</text>` +
    `<text x="200" y="40" font-family="sans-serif" font-size="16" text-anchor="middle" fill="${accent}">${escapeXml(subject.brand)}</text>` +
    `<g font-family="sans-serif">${title}</g></svg>`
  );
}
