// Postcode shapes of the countries a shop can deliver to (docs/decisions/0340). A shape says a
// postcode could exist, not that it does: only an address lookup could, and a shop's delivery
// area is narrower still (the platform's delivery countries, then its slots). Countries without
// a shape here take any postcode of plausible characters.
type Shape = {
  /** What the country calls it, for messages: "Enter an Eircode…". */
  name: string;
  example: string;
  /** The length of the part after the one space (GB inward code, Eircode unique identifier). */
  tail: number;
  pattern: RegExp;
};

// The letters Eircode uses (eircode.ie, "Eircode format"): no B, G, I, J, L, M, O, Q, S, U, Z.
const EIRCODE_LETTER = '[AC-FHKNPRTV-Y]';
const SHAPES: Record<string, Shape> = {
  // A routing key (a letter and two digits, or D6W), a space, a unique identifier of 4.
  IE: {
    name: 'an Eircode',
    example: 'D02 X285',
    tail: 4,
    pattern: new RegExp(`^(?:${EIRCODE_LETTER}\\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}$`),
  },
  // The UK Government Data Standards Catalogue's postcode pattern: outward code (A9, A99, AA9,
  // AA99, A9A, AA9A; the letters each position may hold), a space, inward code (9AA); GIR 0AA.
  GB: {
    name: 'a UK postcode',
    example: 'SW1A 1AA',
    tail: 3,
    pattern:
      /^(?:GIR 0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) \d[ABD-HJLNP-UW-Z]{2})$/,
  },
};

/** The countries whose postcode shape is known (ISO 3166-1 alpha-2). */
export const POSTCODE_COUNTRIES = Object.keys(SHAPES);

/**
 * A postcode as a letter would carry it: upper case, and for a known shape one space before its
 * fixed-length tail ("d02x285" → "D02 X285", "sw1a1aa" → "SW1A 1AA"); else spaces collapsed.
 */
export function normalisePostcode(country: string, text: string): string {
  const upper = text.trim().toUpperCase();
  const shape = SHAPES[country];
  if (!shape) return upper.replace(/\s+/g, ' ');
  const compact = upper.replace(/\s+/g, '');
  if (compact.length <= shape.tail) return compact;
  return `${compact.slice(0, -shape.tail)} ${compact.slice(-shape.tail)}`;
}

// Elsewhere: letters and digits, with spaces or hyphens between (the shapes of the world's codes).
const ANY_POSTCODE = /^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/;

/** Why a postcode cannot be of `country` (the message names the expected shape), or null. */
export function postcodeProblem(country: string, postcode: string): string | null {
  const normal = normalisePostcode(country, postcode);
  const shape = SHAPES[country];
  if (!shape) return ANY_POSTCODE.test(normal) ? null : 'Enter the postcode in letters and digits';
  return shape.pattern.test(normal) ? null : `Enter ${shape.name}, like ${shape.example}`;
}
