import type { Queryable } from '../../db/db';

// Turns what a shopper typed into PostgreSQL tsqueries, safely: only letters and digits reach
// to_tsquery, as bound parameters. Every word must match; each complete word matches its English
// stem or itself, and the last word also matches as a prefix (the shopper may still be typing).
// A word that matches nothing is first corrected to the nearest catalogue word by trigram
// similarity (pg_trgm), so "brocoli" finds broccoli (docs/decisions/0052, 0160).
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/**
 * The words with each one that matches no product replaced by the most similar word of the
 * catalogue's names, keywords, brands and categories (unchanged when none is similar enough).
 */
export async function correctWords(db: Queryable, words: readonly string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const { rows } = await db.query<{ word: string }>(
    `select case when exists (
         select 1 from products p where p.search @@ (plainto_tsquery('english', t.w)
           || case when t.i = $2 then to_tsquery('simple', t.w || ':*') else plainto_tsquery('simple', t.w) end))
       then t.w
       else coalesce((select s.word from search_words s where s.word % t.w
                       order by similarity(s.word, t.w) desc, s.word limit 1), t.w) end as word
       from unnest($1::text[]) with ordinality as t(w, i) order by t.i`,
    [words, words.length],
  );
  return rows.map((r) => r.word);
}

export type TsQueries = {
  /** Matches: every word, the last also as a prefix. */
  match: string;
  /** Ranks whole-word matches above prefix matches: every word, no prefix. */
  exact: string;
  /** Any one word: finds the head noun among several words ("whole milk" is milk). */
  any: string;
  params: string[];
};

/**
 * SQL for the tsqueries over `words`, whose parameters are numbered from `firstParam`.
 * Callers must not call it with no words (an empty tsquery matches nothing, with a notice).
 */
export function tsquerySql(words: readonly string[], firstParam: number): TsQueries {
  const parts = words.map((_, i) => {
    const p = `$${firstParam + i}::text`;
    const english = `plainto_tsquery('english', ${p})`;
    const simple = `plainto_tsquery('simple', ${p})`;
    const only = words.length === 1;
    const last = i === words.length - 1;
    const literal = last ? `to_tsquery('simple', ${p} || ':*')` : simple;
    // An English stop word ("the", "of") is in no stemmed text: it drops out (an empty tsquery is
    // neutral under &&), unless it is all the shopper typed.
    const guard = (q: string) =>
      only ? `(${q})` : `(case when numnode(${english}) = 0 then ''::tsquery else ${q} end)`;
    return {
      match: guard(`${english} || ${literal}`),
      exact: guard(`${english} || ${simple}`),
    };
  });
  return {
    match: parts.map((p) => p.match).join(' && '),
    exact: parts.map((p) => p.exact).join(' && '),
    any: parts.map((p) => p.exact).join(' || '),
    params: [...words],
  };
}

/**
 * Relevance of a product p for the queries q (match), qe (exact) and qa (any): what it is first,
 * then every word in its name or keywords, then whole words over prefixes, then the weighted text
 * rank, where the description (D) counts for little next to name, brand and category.
 */
export const RANK_SQL = `(3 * (p.head_search @@ qa)::int + 2 * (p.title_search @@ q)::int
  + (p.search @@ qe)::int + ts_rank('{0.05, 0.4, 0.6, 1.0}', p.search, q))`;
