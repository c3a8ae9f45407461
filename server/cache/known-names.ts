import { LRUCache } from 'lru-cache';
import { namesInAnswer, type CatalogueName } from './answer-names';
import { dropShopKeys } from './shop-keys';

// Which products and brands each shop was lately seen to have (ADR 0275): a session's page of a
// known one sends its head before its data; an unknown one waits, so that its 404 stays a 404.
// Seen in a whole 200 document of its page, or in a public catalogue answer a page's loaders
// fetched (a listing, search results, the brand list). Forgotten when its page is not found, after
// `ttlMs` without being seen again (longer than the sub-request cache keeps an answer fresh, so
// that names in a cached listing outlive it), the least recent first past `max`, and with a purge.
export type KnownNames = {
  has(shopOrigin: string, name: CatalogueName): boolean;
  saw(shopOrigin: string, name: CatalogueName): void;
  /** The names in a public answer (a 200 to a GET of `path`, parsed). */
  sawAnswer(shopOrigin: string, path: string, body: unknown): void;
  forget(shopOrigin: string, name: CatalogueName): void;
  /** Forgets every name, or those of one shop origin; answers how many. */
  purge(shopOrigin?: string): number;
};

export function createKnownNames({ max = 50_000, ttlMs = 15 * 60_000 } = {}): KnownNames {
  const names = new LRUCache<string, true>({ max, ttl: ttlMs, updateAgeOnGet: false });
  const keyOf = (shopOrigin: string, { kind, slug }: CatalogueName) =>
    `${shopOrigin} ${kind} ${slug}`;
  const saw = (shopOrigin: string, name: CatalogueName) =>
    void names.set(keyOf(shopOrigin, name), true);
  return {
    has: (shopOrigin, name) => names.has(keyOf(shopOrigin, name)),
    saw,
    sawAnswer(shopOrigin, path, body) {
      for (const name of namesInAnswer(path, body)) saw(shopOrigin, name);
    },
    forget: (shopOrigin, name) => void names.delete(keyOf(shopOrigin, name)),
    purge: (shopOrigin) => dropShopKeys(names, shopOrigin),
  };
}
