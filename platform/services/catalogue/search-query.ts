// Turns what a shopper typed into a PostgreSQL tsquery, safely: only letters and digits reach
// to_tsquery, as bound parameters. Every word must match; each complete word matches its English
// stem or itself, and the last word also matches as a prefix (the shopper may still be typing).
// Trigram search is not available on PGlite, so prefixes use `word:*` (docs/decisions/0052).
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/**
 * SQL for a tsquery over `words`, whose parameters are numbered from `firstParam`.
 * Callers must not call it with no words (an empty tsquery matches nothing, with a notice).
 */
export function tsquerySql(
  words: readonly string[],
  firstParam: number,
): { sql: string; params: string[] } {
  const parts = words.map((_, i) => {
    const p = `$${firstParam + i}::text`;
    const english = `plainto_tsquery('english', ${p})`;
    const only = words.length === 1;
    const last = i === words.length - 1;
    const literal = last ? `to_tsquery('simple', ${p} || ':*')` : `plainto_tsquery('simple', ${p})`;
    // An English stop word ("the", "of") is in no stemmed text: it drops out (an empty tsquery is
    // neutral under &&), unless it is all the shopper typed.
    return only
      ? `(${english} || ${literal})`
      : `(case when numnode(${english}) = 0 then ''::tsquery else ${english} || ${literal} end)`;
  });
  return { sql: parts.join(' && '), params: [...words] };
}
