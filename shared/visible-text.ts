// A visitor's text as an operator reads it in a report or a log line (docs/decisions/0387).
// Unicode's format characters draw nothing: a bidi override (U+202E) shows the rest of a line
// backwards, an isolate or mark reorders it, a zero-width space, joiner or BOM hides inside a word
// (`admin` and `ad\u200Bmin` look one), tags spell ASCII no one sees. Each is replaced by U+FFFD,
// which shows that something was there and where; none is dropped, so two texts that differ never
// look the same. Kept: what makes an emoji one picture (a joiner between two pictographs, as in
// 👩‍💻; the tags of a flag such as Scotland's) and the few format characters that draw a sign (the
// Arabic, Syriac and Kaithi number marks). Everything else (letters, accents, CJK, right-to-left
// scripts, emoji, variation selectors) is left as it came.

/** What stands for a hidden character: the replacement character, drawn by every font. */
export const HIDDEN_STANDS_FOR = '\uFFFD';

const EMOJI_JOIN = String.raw`\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?\u200D(?=\p{Extended_Pictographic})`;
const FLAG_TAGS = String.raw`\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}`;
const DRAWN_FORMAT = String.raw`[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]`;
// The emoji first: what they match is kept whole; then any other format character.
const HIDDEN = new RegExp(`(${EMOJI_JOIN})|(${FLAG_TAGS})|(?!${DRAWN_FORMAT})\\p{Cf}`, 'gu');

/** `text` with each hidden format character replaced by U+FFFD. */
export function visibleText(text: string): string {
  return text.replace(
    HIDDEN,
    (_hidden, joined?: string, flag?: string) => joined ?? flag ?? HIDDEN_STANDS_FOR,
  );
}
