import { createRequire } from 'node:module';
import { categorySeeds } from './categories';
import type { ProductRow } from './generate';

// Product pictures, composed once at seed time from Fluent Emoji Flat (MIT, Microsoft; the npm
// package @iconify-json/fluent-emoji-flat): the kind's icon on the category's colours, with the
// brand above and, on pictures 2 and 3, the pack size or a group of three (docs/decisions/0161).
// Nothing is fetched at run time: the SVG text is stored in product_images.
type IconSet = { icons: Record<string, { body: string }>; width?: number; height?: number };

let iconSet: IconSet | undefined;
function icons(): IconSet {
  iconSet ??= createRequire(import.meta.url)('@iconify-json/fluent-emoji-flat/icons.json');
  return iconSet!;
}

const FALLBACK: readonly [string, string] = ['#f1f1f1', '#555555'];
const coloursOf = new Map(categorySeeds.map((c) => [c.slug, c.colours]));

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

/** One icon placed in a size x size box at (x, y). */
function icon(name: string, x: number, y: number, size: number): string {
  const set = icons();
  const body = set.icons[name]?.body ?? set.icons['shopping-bags']!.body;
  const box = set.width ?? 32;
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 ${box} ${box}">${body}</svg>`;
}

export type PictureSubject = Pick<ProductRow, 'name' | 'icon' | 'variant' | 'sizeLabel'> & {
  brand: string;
  categorySlug: string;
};

/** Picture n (1-3) of a product as SVG text. */
export function productPicture(subject: PictureSubject, n: number): string {
  const [background, accent] = coloursOf.get(subject.categorySlug) ?? FALLBACK;
  const main =
    n === 3
      ? icon(subject.icon, 40, 130, 130) +
        icon(subject.icon, 230, 130, 130) +
        icon(subject.icon, 120, 80, 160)
      : icon(subject.icon, n === 1 ? 90 : 110, n === 1 ? 80 : 70, n === 1 ? 220 : 180);
  const badge =
    n === 2
      ? `<rect x="110" y="290" width="180" height="44" rx="22" fill="${accent}"/>` +
        `<text x="200" y="320" font-size="22" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(subject.sizeLabel)}</text>`
      : '';
  const organic = subject.variant === 'Organic' ? icon('seedling', 330, 330, 48) : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(subject.name)}">` +
    `<rect width="400" height="400" fill="${background}"/>` +
    `<circle cx="200" cy="195" r="150" fill="#fff" opacity="0.55"/>${main}` +
    `<g font-family="sans-serif">` +
    `<text x="200" y="40" font-size="18" font-weight="700" text-anchor="middle" fill="${accent}">${escapeXml(subject.brand)}</text>` +
    `${badge}</g>${organic}</svg>`
  );
}
