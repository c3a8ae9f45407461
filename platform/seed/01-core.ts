import { createHash } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/db';
import { homeBlocks } from './core/home';
import { contentPages } from './core/pages';
import { tenantSeeds } from './core/tenants';

// Core seed: the two shops, their content and home pages, and a demo shopper per shop.
// Shops and content are the seed's to own (updated on every start); accounts are only created
// when missing, so a changed demo password survives a restart.
const CONTENT_DATE = '2026-01-05T09:00:00Z';

export async function seed(db: Db): Promise<void> {
  const hashes = await Promise.all(
    tenantSeeds.map((t) =>
      // A salt derived from the account id keeps the seed deterministic.
      hashPassword(
        t.demoAccount.password,
        createHash('sha256').update(`seed:${t.demoAccount.id}`).digest().subarray(0, 16),
      ),
    ),
  );
  await db.transaction(async (tx) => {
    for (const [index, t] of tenantSeeds.entries()) {
      await tx.query(
        `insert into tenants (id, host, origin, name, currency, locale, theme, navigation, footer)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (id) do update set host = excluded.host, origin = excluded.origin, name = excluded.name,
           currency = excluded.currency, locale = excluded.locale, theme = excluded.theme,
           navigation = excluded.navigation, footer = excluded.footer`,
        [
          t.id,
          t.host,
          t.origin,
          t.name,
          t.currency,
          t.locale,
          JSON.stringify(t.theme),
          JSON.stringify(t.navigation),
          JSON.stringify(t.footer),
        ],
      );
      const a = t.demoAccount;
      await tx.query(
        `insert into accounts (id, tenant_id, email, login, password_hash, first_name, last_name, phone, activated, created_at)
         values ($1, $2, $3, $3, $4, $5, $6, $7, true, $8) on conflict do nothing`,
        [a.id, t.id, a.email, hashes[index], a.firstName, a.lastName, a.phone, CONTENT_DATE],
      );
      for (const [position, page] of contentPages(t).entries()) {
        await tx.query(
          `insert into cms_pages (tenant_id, kind, slug, title, summary, body, position, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8)
           on conflict (tenant_id, kind, slug) do update set title = excluded.title, summary = excluded.summary,
             body = excluded.body, position = excluded.position, updated_at = excluded.updated_at`,
          [
            t.id,
            page.kind,
            page.slug,
            page.title,
            page.summary,
            JSON.stringify(page.body),
            position,
            CONTENT_DATE,
          ],
        );
      }
      const blocks = homeBlocks(t);
      await tx.query('delete from cms_home_blocks where tenant_id = $1 and position >= $2', [
        t.id,
        blocks.length,
      ]);
      for (const [position, block] of blocks.entries()) {
        const { type, ...data } = block;
        await tx.query(
          `insert into cms_home_blocks (tenant_id, position, type, data) values ($1, $2, $3, $4)
           on conflict (tenant_id, position) do update set type = excluded.type, data = excluded.data`,
          [t.id, position, type, JSON.stringify(data)],
        );
      }
    }
  });
}
