import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { startPlatform, type TestPlatform } from '../support/platform';

// Issue #9 point 7: pictures that show what the product is (Fluent Emoji Flat icons composed at
// seed time, docs/decisions/0161) and names that differ.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core', 'catalogue'] });
});
afterAll(() => platform.close());

const icons = createRequire(import.meta.url)('@iconify-json/fluent-emoji-flat/icons.json') as {
  icons: Record<string, { body: string }>;
};

describe('product pictures and names', () => {
  it('serves each picture from the seed, showing the kind’s icon', async () => {
    const { rows } = await platform.db.query<{ id: string; name: string; image_count: number }>(
      `select id, name, image_count from products where name like '%Bananas' order by id limit 1`,
    );
    const banana = rows[0]!;
    const response = await platform.call(cataloguePaths.image(banana.id, 1));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await response.text();
    expect(svg).toContain(icons.icons.banana!.body);
    expect(svg).toContain(`aria-label="${banana.name}"`);
    // Nothing the browser would fetch: no external references.
    expect(svg).not.toMatch(/href=|url\(http/);
    const missing = await platform.call(cataloguePaths.image(banana.id, banana.image_count + 1));
    expect(missing.status).toBe(404);
  });

  it('stores every picture of every product', async () => {
    const { rows } = await platform.db.query<{ missing: number }>(
      `select count(*)::int as missing from products p, generate_series(1, p.image_count) n
        where not exists (select 1 from product_images i where i.product_id = p.id and i.n = n)`,
    );
    expect(rows[0]!.missing).toBe(0);
  });

  it('gives no two products of one category the same name', async () => {
    const { rows } = await platform.db.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from products group by category_id, name having count(*) > 1`,
    );
    expect(rows).toEqual([]);
  });
});
