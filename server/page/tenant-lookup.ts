import { createCid } from '../../shared/cid';
import type { Platform } from '../upstream/platform';
import { loadCmsContext } from './cms-context';

// The tenant id of a shop this gateway has not served a page of since it started (issue #28 item
// 2: one `tenant` tag, the tenant id, on every report). A browser's report can reach a replica
// that never loaded that shop's context (just started, or the balancer sent the pages elsewhere):
// the context is asked for as a guest's home page would, once at a time per shop origin. The
// caller remembers the answer (the request scope's tenant, learned when the request ends). A
// failed call answers '' (no tag), as before.
export type TenantLookup = (shopOrigin: string) => Promise<string>;

export function tenantLookup(platform: Platform, timeoutMs: number): TenantLookup {
  const asking = new Map<string, Promise<string>>();
  return (shopOrigin) => {
    let lookup = asking.get(shopOrigin);
    if (!lookup) {
      const url = { origin: shopOrigin, host: shopOrigin.replace(/^\w+:\/\//, ''), pathname: '/' };
      lookup = loadCmsContext(platform, { cid: createCid(), isLoggedIn: false, url, timeoutMs })
        .then((result) => (result.kind === 'ok' ? result.context.tenant.id : ''))
        .catch(() => '')
        .finally(() => asking.delete(shopOrigin));
      asking.set(shopOrigin, lookup);
    }
    return lookup;
  };
}
