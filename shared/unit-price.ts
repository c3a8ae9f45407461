// The price per unit of quantity (Directive 98/6/EC; docs/decisions/0214), without zod: the
// browser's product cards, product page, cart lines and line tables print it (shared/grocery.ts
// holds the schemas the platform and the contracts validate with).

/** How much a pack holds: grams, millilitres, metres or items. */
export type Pack = { amount: number; unit: 'g' | 'ml' | 'm' | 'each' };

// "500 g", or a multipack's "6 x 330 ml" / "4×125g" (packs of it sold together).
const SIZE = /^(?:(\d+)\s*[x×]\s*)?(\d+(?:\.\d+)?)\s*(g|kg|ml|l|m|pack|bags)$/i;
const SCALE: Record<string, [number, Pack['unit']]> = {
  g: [1, 'g'],
  kg: [1000, 'g'],
  ml: [1, 'ml'],
  l: [1000, 'ml'],
  m: [1, 'm'],
  pack: [1, 'each'],
  bags: [1, 'each'],
};

/**
 * The pack a size label names ("500 g", "1.5 l", "6 pack", "80 bags", "30 m"), or null. A
 * multipack ("6 x 330 ml") is one pack of all it holds (1,980 ml), priced per litre.
 */
export function packOf(sizeLabel: string): Pack | null {
  const match = SIZE.exec(sizeLabel.trim());
  if (!match) return null;
  const [scale, unit] = SCALE[match[3]!.toLowerCase()]!;
  const packs = match[1] === undefined ? 1 : Number(match[1]);
  const amount = Math.round(packs * Number(match[2]) * scale * 1000) / 1000;
  return amount > 0 ? { amount, unit } : null;
}

export type UnitPrice = { cents: number; per: 'kg' | 'l' | '100 g' | '100 ml' | 'm' | 'item' };

/**
 * The price per unit of quantity of `count` packs costing `cents` together: per kg or litre, per
 * 100 g or 100 ml for packs under 250 g or ml (the usual shelf-label rule), per metre, per item.
 * Rounded to the cent.
 */
export function unitPriceOf(cents: number, pack: Pack, count = 1): UnitPrice {
  const total = pack.amount * count;
  const per = (quantity: number, label: UnitPrice['per']) => ({
    cents: Math.round((cents * quantity) / total),
    per: label,
  });
  switch (pack.unit) {
    case 'g':
      return pack.amount < 250 ? per(100, '100 g') : per(1000, 'kg');
    case 'ml':
      return pack.amount < 250 ? per(100, '100 ml') : per(1000, 'l');
    case 'm':
      return per(1, 'm');
    case 'each':
      return per(1, 'item');
  }
}
