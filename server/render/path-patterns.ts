import { matchPath, type PathMatch } from 'react-router';

// React Router's matchPath compiles its pattern into a regular expression on every call. A fixed
// set of route patterns is tried only where a path's first segment can match (the route table's
// paths all begin with a literal segment), so a page costs a compile or two, not one a pattern.
// matchPath still decides: the same matches, the same parameters.
export type PathPatterns<T> = (pathname: string) => { pattern: T; match: PathMatch } | null;

/** matchPath ignores case; repeated slashes only lead to no match, which matchPath then says. */
const firstSegment = (path: string) => path.replace(/^\/+/, '').split('/', 1)[0]!.toLowerCase();

export function pathPatterns<T extends { path: string }>(patterns: readonly T[]): PathPatterns<T> {
  const byFirst = new Map<string, T[]>();
  for (const pattern of patterns) {
    const first = firstSegment(pattern.path);
    if (first.startsWith(':') || first.startsWith('*'))
      throw new Error(`${pattern.path}: a pattern must begin with a literal segment`);
    byFirst.set(first, [...(byFirst.get(first) ?? []), pattern]);
  }
  return (pathname) => {
    for (const pattern of byFirst.get(firstSegment(pathname)) ?? []) {
      const match = matchPath({ path: pattern.path, end: true }, pathname);
      if (match) return { pattern, match };
    }
    return null;
  };
}
