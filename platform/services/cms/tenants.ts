import type { Queryable } from '../../db/db';
import type { TenantRow } from '../../auth/principal';

// Shops by host name, cached briefly: the context call runs on every page load, and shops change
// only when the seed or an operator edits them.
const TTL_MS = 10_000;

export function tenantLookup(q: Queryable) {
  const cache = new Map<string, { tenant: TenantRow | null; until: number }>();
  return async (hostname: string): Promise<TenantRow | null> => {
    const key = hostname.toLowerCase();
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.tenant;
    const { rows } = await q.query<TenantRow>('select * from tenants where host = $1', [key]);
    const tenant = rows[0] ?? null;
    if (cache.size > 1000) cache.clear(); // unknown hosts must not grow it without bound
    cache.set(key, { tenant, until: Date.now() + TTL_MS });
    return tenant;
  };
}

/** The tenant as the context and navigation calls show it. */
export function publicTenant(tenant: TenantRow) {
  return {
    id: tenant.id,
    origin: tenant.origin,
    name: tenant.name,
    currency: tenant.currency,
    locale: tenant.locale,
    theme: tenant.theme,
    navigation: tenant.navigation,
    footer: tenant.footer,
  };
}
