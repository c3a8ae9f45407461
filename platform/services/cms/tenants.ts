import type { Queryable } from '../../db/db';
import type { TenantRow } from '../../auth/principal';

// Shops by host name, cached briefly: the context call runs on every page load, and shops change
// only when the seed or an operator edits them.
const TTL_MS = 10_000;

/** A shop with the time zone and countries its delivery policy names (null when it has none). */
export type ShopRow = TenantRow & { time_zone?: string | null; countries?: string[] | null };

export function tenantLookup(q: Queryable) {
  const cache = new Map<string, { tenant: ShopRow | null; until: number }>();
  return async (hostname: string): Promise<ShopRow | null> => {
    const key = hostname.toLowerCase();
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.tenant;
    const { rows } = await q.query<ShopRow>(
      `select t.*, p.time_zone, p.countries from tenants t
       left join delivery_policies p on p.tenant_id = t.id where t.host = $1`,
      [key],
    );
    const tenant = rows[0] ?? null;
    if (cache.size > 1000) cache.clear(); // unknown hosts must not grow it without bound
    cache.set(key, { tenant, until: Date.now() + TTL_MS });
    return tenant;
  };
}

/**
 * The tenant as the context and navigation calls show it. The time zone is the shop's (its
 * delivery policy's): pages show dates in it without asking for the slot list (ADR 0291); so are
 * the countries it delivers to, the address forms' choice (ADR 0340).
 */
export function publicTenant(tenant: ShopRow) {
  return {
    id: tenant.id,
    origin: tenant.origin,
    name: tenant.name,
    currency: tenant.currency,
    locale: tenant.locale,
    timeZone: tenant.time_zone ?? undefined,
    deliveryCountries: tenant.countries?.length ? tenant.countries : undefined,
    theme: tenant.theme,
    navigation: tenant.navigation,
    footer: tenant.footer,
  };
}
