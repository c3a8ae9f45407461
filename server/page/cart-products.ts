import { LRUCache } from 'lru-cache';
import { cataloguePaths } from '../../shared/contracts/catalogue';

// The products call of each session's cart, as its last page made it (ADR 0270). The cart's items
// are known only from the cart's answer, so their products (stock and prices, never cached: ADR
// 0153) would be a second round trip; a cart seldom changes between two pages, so the gateway
// starts the call its last page made beside the cart call, and the cart read takes it when it asks
// for the same items (any other items: asked after the cart, as before). Keyed by the refresh
// token cookie (kept in memory only, as the session's other per-process state).
export type CartProducts = {
  get(session: string): string | undefined;
  /** A page's personal call: remembered when it is the cart's products call. */
  saw(session: string, path: string): void;
};

const OFFERINGS = cataloguePaths.offerings([]).split('?', 1)[0]!;

export function createCartProducts(max = 10_000): CartProducts {
  const paths = new LRUCache<string, string>({ max });
  return {
    get: (session) => paths.get(session),
    saw(session, path) {
      if (path.startsWith(`${OFFERINGS}?`)) paths.set(session, path);
    },
  };
}
