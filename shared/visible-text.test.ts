import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HIDDEN_STANDS_FOR, visibleText } from './visible-text';

// A visitor's text in a report or a log line (docs/decisions/0387): U+202E showed the rest of an
// inbox line backwards, a zero-width space made two logins look one. Every hidden format character
// becomes U+FFFD; ordinary text of any script, and emoji, stay as they came.

/** The characters the decision names, and the other invisible format characters. */
const NAMED = [
  ...range(0x202a, 0x202e), // embeddings and overrides
  ...range(0x2066, 0x2069), // isolates
  ...range(0x200b, 0x200f), // zero-width space, non-joiner, joiner, marks
  0xfeff, // zero-width no-break space, BOM
  0x061c, // Arabic letter mark
  0x00ad, // soft hyphen
  ...range(0x2060, 0x2064), // word joiner, invisible operators
  0xe0001, // language tag
  ...range(0xe0020, 0xe007f), // tags
].map((code) => String.fromCodePoint(code));
/** Never in what is shown. */
const NEVER =
  /[\u00AD\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\u{E0001}/u;
/** Only within an emoji: a joiner between two pictographs, the tags of a flag. */
const IN_EMOJI = /\u200D|[\u{E0020}-\u{E007F}]/u;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Ordinary text: letters with accents (composed and not), CJK, Arabic, Hebrew, emoji. */
const ORDINARY = [
  'e',
  'Zoë',
  'Ångström',
  'e\u0301', // e and a combining acute
  'ł',
  '漢字',
  'かな',
  '한국어',
  'مرحبا',
  'שלום',
  '١٢٣',
  '\u0600١٢', // the Arabic number sign, which is drawn
  ' ',
  '-',
  '@',
  '.',
  '😀',
  '👍🏽',
  '❤️',
  '👩‍💻',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿', // Scotland: a black flag, tags, a cancel tag
  '🇫🇷',
  '葛󠄀', // an ideographic variation sequence
];
const ordinaryText = fc
  .array(fc.constantFrom(...ORDINARY), { maxLength: 12 })
  .map((parts) => parts.join(''));

describe('a visitor’s text as an operator reads it', () => {
  it('holds no hidden character, whatever came', () => {
    const anyText = fc.array(
      fc.oneof(
        fc.constantFrom(...NAMED, ...ORDINARY, '\u200D', '\u{1F3F4}'),
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'binary' }),
      ),
      { maxLength: 16 },
    );
    fc.assert(
      fc.property(anyText, (parts) => {
        const shown = visibleText(parts.join(''));
        expect(shown).not.toMatch(NEVER);
        const outsideEmoji = shown
          .replace(
            /\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?\u200D(?=\p{Extended_Pictographic})/gu,
            '',
          )
          .replace(/\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu, '');
        expect(outsideEmoji).not.toMatch(IN_EMOJI);
      }),
    );
  });

  it('leaves ordinary text as it came: accents, CJK, right-to-left letters, emoji', () => {
    fc.assert(
      fc.property(ordinaryText, (text) => {
        expect(visibleText(text)).toBe(text);
      }),
    );
  });

  it('replaces each hidden character by one U+FFFD, in its place', () => {
    fc.assert(
      fc.property(
        ordinaryText,
        fc.constantFrom(...NAMED),
        ordinaryText,
        (before, hidden, after) => {
          // Unless the joiner joins two pictographs: then it is part of an emoji.
          fc.pre(
            !(
              hidden === '\u200D' &&
              /\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?$/u.test(before) &&
              /^\p{Extended_Pictographic}/u.test(after)
            ),
          );
          expect(visibleText(before + hidden + after)).toBe(before + HIDDEN_STANDS_FOR + after);
        },
      ),
    );
  });

  it('shows what an override would have turned around', () => {
    expect(visibleText('invoice\u202Efdp.exe')).toBe('invoice\uFFFDfdp.exe');
    expect(visibleText('ad\u200Bmin')).not.toBe(visibleText('admin'));
    expect(visibleText('\uFEFFshopper@example.com')).toBe('\uFFFDshopper@example.com');
    // A joiner that joins nothing, and a flag's tags without their flag, are hidden too.
    expect(visibleText('a\u200Db')).toBe('a\uFFFDb');
    expect(visibleText('👩\u200D')).toBe('👩\uFFFD');
    expect(visibleText('x\u{E0073}\u{E0063}\u{E007F}')).toBe('x\uFFFD\uFFFD\uFFFD');
  });
});
