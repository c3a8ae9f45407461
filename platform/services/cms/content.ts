import type { Queryable } from '../../db/db';
import type { ContentPage, ContentPageSummary, HomeBlock } from '../../../shared/contracts/cms';

// Reads of the CMS tables (content, policies, home blocks).
type PageRow = {
  kind: 'page' | 'policy';
  slug: string;
  title: string;
  summary: string;
  body: ContentPage['body'];
  updated_at: Date | string;
};

const summaryOf = (row: PageRow): ContentPageSummary => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function listPages(
  q: Queryable,
  tenantId: string,
  kind: PageRow['kind'],
): Promise<ContentPageSummary[]> {
  const { rows } = await q.query<PageRow>(
    'select * from cms_pages where tenant_id = $1 and kind = $2 order by position, slug',
    [tenantId, kind],
  );
  return rows.map(summaryOf);
}

export async function findPage(
  q: Queryable,
  tenantId: string,
  kind: PageRow['kind'],
  slug: string,
): Promise<ContentPage | null> {
  const { rows } = await q.query<PageRow>(
    'select * from cms_pages where tenant_id = $1 and kind = $2 and slug = $3',
    [tenantId, kind, slug],
  );
  const row = rows[0];
  return row ? { ...summaryOf(row), kind: row.kind, body: row.body } : null;
}

export async function homeBlocks(q: Queryable, tenantId: string): Promise<HomeBlock[]> {
  const { rows } = await q.query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from cms_home_blocks where tenant_id = $1 order by position',
    [tenantId],
  );
  return rows.map((row) => ({ ...row.data, type: row.type }) as HomeBlock);
}
