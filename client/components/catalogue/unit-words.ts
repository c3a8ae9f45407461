// The units of quantity in words, for a screen reader, which says "1 l" as "one L" and "500 g"
// as "500 G" (docs/decisions/0341, 0346). The one table: the price per kg (`UnitPrice`) and the
// size labels (`SizeLabel`) are both said through it. Singular and plural, as each is read.
const WORDS: Record<string, [one: string, other: string]> = {
  g: ['gram', 'grams'],
  kg: ['kilogram', 'kilograms'],
  ml: ['millilitre', 'millilitres'],
  l: ['litre', 'litres'],
  m: ['metre', 'metres'],
};

// An amount and its unit, as size labels write them ("500 g", "6 x 330 ml", "4×125g", "1.5 L"):
// case-insensitive as shared/unit-price.ts reads them.
const AMOUNT = /(\d+(?:\.\d+)?)\s*(kg|g|ml|l|m)\b/gi;

/**
 * `text` with its units in words: "1 l" → "1 litre", "6 x 330 ml" → "6 x 330 millilitres", a
 * bare unit (a price's "per kg") → "kilogram". Anything else ("1 piece", "6 pack") as it is.
 */
export function unitsInWords(text: string): string {
  if (Object.hasOwn(WORDS, text)) return WORDS[text]![0];
  return text.replace(AMOUNT, (_, amount: string, unit: string) => {
    const [one, other] = WORDS[unit.toLowerCase()]!;
    return `${amount} ${Number(amount) === 1 ? one : other}`;
  });
}
