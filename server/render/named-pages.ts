import type { CatalogueName } from '../cache/answer-names';
import { findRoute, toRouterPath } from '../../shared/routes';
import { pathPatterns } from './path-patterns';

// The screens whose status only their product's or brand's existence decides (ADR 0275): a
// product (also as seen from search results) and a brand. Their other parts are optional sections.
const NAMED = [
  { route: 'product', kind: 'product', param: '*' },
  { route: 'search-product', kind: 'product', param: 'productSlug' },
  { route: 'brands', kind: 'brand', param: 'brandSlug' },
] as const;
const namedPage = pathPatterns(
  NAMED.map((named) => ({ ...named, path: toRouterPath(findRoute(named.route).path) })),
);

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
  const found = namedPage(decodePath(pathname));
  if (!found) return null;
  const slug = found.match.params[found.pattern.param];
  return slug ? { kind: found.pattern.kind, slug } : null;
}
