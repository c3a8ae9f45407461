import { LRUCache } from 'lru-cache';

// The tenant of each shop origin, as the context call last named it (ADR 0270). The cart's path
// needs the tenant id; the gateway knows it only from a context answer, so it keeps it per shop
// to start the next page's cart call beside the context call instead of after it. A tenant that
// changed (a shop moved) is seen in that page's own context: the cart is read again for it and
// the entry replaced. A shop's first page after a start waits for its context, as before.
export type ShopTenants = {
  get(shopOrigin: string): string | undefined;
  learn(shopOrigin: string, tenantId: string): void;
};

export function createShopTenants(max = 1_000): ShopTenants {
  const tenants = new LRUCache<string, string>({ max });
  return {
    get: (shopOrigin) => tenants.get(shopOrigin),
    learn: (shopOrigin, tenantId) => void tenants.set(shopOrigin, tenantId),
  };
}
