import { matchPath } from 'react-router';
import type { CatalogueName } from '../cache/answer-names';
import { findRoute, toRouterPath } from '../../shared/routes';

// The screens whose status only their product's or brand's existence decides (ADR 0275): a
// product (also as seen from search results) and a brand. Their other parts are optional sections.
const NAMED = [
  { route: 'product', kind: 'product', param: '*' },
  { route: 'search-product', kind: 'product', param: 'productSlug' },
  { route: 'brands', kind: 'brand', param: 'brandSlug' },
] as const;
const PATTERNS = NAMED.map((named) => ({
  ...named,
  path: toRouterPath(findRoute(named.route).path),
}));

/** React Router's reading of a path: each segment decoded, an encoded slash kept in its segment. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The product or brand a page's path names, as its loader will ask the platform for it. */
export function catalogueNameOf(pathname: string): CatalogueName | null {
  const path = decodePath(pathname);
  for (const { path: pattern, kind, param } of PATTERNS) {
    const slug = matchPath({ path: pattern, end: true }, path)?.params[param];
    if (slug) return { kind, slug };
  }
  return null;
}
