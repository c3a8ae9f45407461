import { z } from 'zod';
import type { Queryable } from './db/db';
import { StartFailure } from './start-failure';

// SHOP_ORIGINS: where each shop is reached when not at its seeded origin (http://localhost:3000
// and http://harbour.localhost:3000), e.g. behind a TLS balancer: JSON {"<shop id>": "<origin>"}.
// The links of the e-mails the platform sends (activation, reset, order) are made from it.
// Applied at every start, after the seed (docs/decisions/0229).
const schema = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object {"<shop id>": "<origin>"}' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().regex(/^[a-z0-9-]{1,40}$/, 'shop ids are lowercase letters, digits and dashes'),
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
        .refine((u) => new URL(u).origin === u.replace(/\/+$/, ''), 'must be an origin, no path')
        .transform((u) => new URL(u).origin),
    ),
  );

export type ShopOrigins = Record<string, string>;

export function loadShopOrigins(env: NodeJS.ProcessEnv = process.env): ShopOrigins {
  if (!env.SHOP_ORIGINS) return {};
  const parsed = schema.safeParse(env.SHOP_ORIGINS);
  if (!parsed.success) {
    const fields = parsed.error.issues.map(
      (i) => `  SHOP_ORIGINS${i.path.map((p) => `.${String(p)}`).join('')}: ${i.message}`,
    );
    throw new Error(`Invalid platform configuration:\n${fields.join('\n')}`);
  }
  return parsed.data;
}

/** Sets each named shop's origin; a shop id the database does not know is an error. */
export async function applyShopOrigins(q: Queryable, origins: ShopOrigins): Promise<void> {
  for (const [id, origin] of Object.entries(origins)) {
    const { rows } = await q.query('update tenants set origin = $2 where id = $1 returning id', [
      id,
      origin,
    ]);
    if (!rows.length)
      throw new StartFailure(
        `The platform did not start: SHOP_ORIGINS names a shop its database does not have: ${id}`,
      );
  }
}
