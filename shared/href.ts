import { findRoute, type RouteId, type RouteParams } from './routes';

type Query = Record<string, string | number | undefined | null>;

/**
 * Builds a link to a route of the table. A missing or empty required parameter is an error
 * (specification section 2), never a link to a wrong page.
 */
export function href<Id extends RouteId>(
  id: Id,
  ...rest: keyof RouteParams<Id> extends never
    ? [params?: Record<string, never>, query?: Query]
    : [params: RouteParams<Id>, query?: Query]
): string {
  const [params = {}, query] = rest as [Record<string, string | undefined>?, Query?];
  const { path: pattern } = findRoute(id);
  // Most links name a route without parameters (a layout's, a profile tile's): its path as it is,
  // without a pass of the pattern over it on every render (ADR 0397).
  const built = !pattern.includes('{')
    ? pattern
    : pattern.replace(/\{(\w+)(\+?)\}/g, (_all, name: string, multi: string) => {
        const value = params[name];
        if (typeof value !== 'string' || value.length === 0) {
          throw new Error(`Route "${id}" needs the parameter "${name}"`);
        }
        return multi
          ? value.split('/').filter(Boolean).map(encodeURIComponent).join('/')
          : encodeURIComponent(value);
      });
  // A path ending in ".data" is React Router's data request for the path before it: a search for
  // "milk.data" would answer the raw data of "milk". Its dot encoded, it is the page; React Router
  // decodes the parameter as typed.
  const path = built.endsWith('.data') ? `${built.slice(0, -5)}%2Edata` : built;
  if (!query) return path; // most links (every product card's) have no query
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
