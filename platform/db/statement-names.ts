// Names for prepared statements, one per SQL text (docs/decisions/0289). The platform's SQL is a
// fixed set of texts with parameters, so each is parsed and planned once per connection instead of
// on every call. A text the set has no room for, or a very long one (a seed's bulk insert), has no
// name and runs as before, parsed every time. So has a VACUUM: it has no plan to keep, and the
// sweep's name each of the hundred tables it may freeze (docs/decisions/0381), each text a place
// in the set for good.
const MAX_NAMED = 1000;
const MAX_TEXT = 8_000;
const UNPLANNED = /^vacuum\b/i;

export type StatementNames = {
  /** The statement's name, or null when this text is not kept prepared. */
  nameOf(text: string): string | null;
};

/** `enabled` false: no text is named (every statement parsed each time, as before). */
export function statementNames(enabled = true): StatementNames {
  const names = new Map<string, string>();
  return {
    nameOf(text) {
      if (!enabled) return null;
      const known = names.get(text);
      if (known !== undefined) return known;
      if (names.size >= MAX_NAMED || text.length > MAX_TEXT || UNPLANNED.test(text)) return null;
      const name = `platform_${names.size + 1}`;
      names.set(text, name);
      return name;
    },
  };
}
