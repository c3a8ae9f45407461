import { matchPath, type PathMatch } from 'react-router';

// React Router's matchPath compiles its pattern into a regular expression on every call. A fixed
// set of route patterns is tried only where a path's first segment and its number of segments can
// match (the route table's paths all begin with a literal segment), so a page costs a compile at
// most, not one a pattern. matchPath still decides: the same matches, the same parameters.
export type PathPatterns<T> = (pathname: string) => { pattern: T; match: PathMatch } | null;

/** matchPath ignores case; repeated slashes only lead to no match, which matchPath then says. */
const firstSegment = (path: string) => path.replace(/^\/+/, '').split('/', 1)[0]!.toLowerCase();

/** The non-empty segments of a path (`//a/b/` has two). */
function segmentCount(path: string): number {
  let count = 0;
  let inSegment = false;
  for (let i = 0; i < path.length; i += 1) {
    const slash = path.charCodeAt(i) === 47;
    if (!slash && !inSegment) count += 1;
    inSegment = !slash;
  }
  return count;
}

/**
 * How many non-empty segments a path that `path` matches has. Each segment of a match is
 * non-empty (a parameter matches one or more characters) and trailing slashes are free; an
 * optional segment may be left out; a splat matches nothing or anything.
 */
function segmentRange(path: string): { min: number; max: number } {
  const segments = path.split('/').filter(Boolean);
  const splat = segments.at(-1) === '*';
  const fixed = splat ? segments.slice(0, -1) : segments;
  const optional = fixed.filter((segment) => segment.endsWith('?')).length;
  return { min: fixed.length - optional, max: splat ? Infinity : fixed.length };
}

export function pathPatterns<T extends { path: string }>(patterns: readonly T[]): PathPatterns<T> {
  const byFirst = new Map<string, { pattern: T; min: number; max: number }[]>();
  for (const pattern of patterns) {
    const first = firstSegment(pattern.path);
    if (first.startsWith(':') || first.startsWith('*'))
      throw new Error(`${pattern.path}: a pattern must begin with a literal segment`);
    const entry = { pattern, ...segmentRange(pattern.path) };
    byFirst.set(first, [...(byFirst.get(first) ?? []), entry]);
  }
  return (pathname) => {
    const candidates = byFirst.get(firstSegment(pathname));
    if (!candidates) return null;
    const count = segmentCount(pathname);
    for (const { pattern, min, max } of candidates) {
      if (count < min || count > max) continue;
      const match = matchPath({ path: pattern.path, end: true }, pathname);
      if (match) return { pattern, match };
    }
    return null;
  };
}
