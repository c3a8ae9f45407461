import { LRUCache } from 'lru-cache';
import { createCid } from '../../shared/cid';
import type { Platform } from '../upstream/platform';
import { loadCmsContext } from './cms-context';

// The tenant id of a shop this gateway has not served a page of since it started (issue #28 item
// 2: one `tenant` tag, the tenant id, on every report). A browser's report can reach a replica
// that never loaded that shop's context (just started, or the balancer sent the pages elsewhere):
// the context is asked for as a guest's home page would, once at a time per shop origin. The
// caller remembers the answer (the request scope's tenant, learned when the request ends). A
// failed call answers '' (no tag), as before.
// A host the CMS says is no shop (421, ADR 0126) is remembered for a minute (`noShop`): the
// analytics endpoint refuses its posts without asking again (ADR 0357), while a shop configured
// meanwhile is known within that minute.
export type TenantLookup = ((shopOrigin: string) => Promise<string>) & {
  /** True when the context call said, within NO_SHOP_MS, that this origin is no shop. */
  noShop(shopOrigin: string): boolean;
};

export const NO_SHOP_MS = 60_000;

export function tenantLookup(platform: Platform, timeoutMs: number): TenantLookup {
  const asking = new Map<string, Promise<string>>();
  // Bounded: a visitor chooses the Host, so one could name many (each costs a budgeted post).
  const noShops = new LRUCache<string, true>({ max: 1_000, ttl: NO_SHOP_MS });
  const lookup = (shopOrigin: string) => {
    let answer = asking.get(shopOrigin);
    if (!answer) {
      const url = { origin: shopOrigin, host: shopOrigin.replace(/^\w+:\/\//, ''), pathname: '/' };
      answer = loadCmsContext(platform, { cid: createCid(), isLoggedIn: false, url, timeoutMs })
        .then((result) => {
          if (result.status === 421) noShops.set(shopOrigin, true);
          return result.kind === 'ok' && result.status !== 421 ? result.context.tenant.id : '';
        })
        .catch(() => '')
        .finally(() => asking.delete(shopOrigin));
      asking.set(shopOrigin, answer);
    }
    return answer;
  };
  return Object.assign(lookup, { noShop: (shopOrigin: string) => noShops.has(shopOrigin) });
}
