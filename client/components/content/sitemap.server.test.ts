import { describe, expect, it } from 'vitest';
import { cataloguePaths } from '../../../shared/contracts/catalogue';
import { cmsPaths } from '../../../shared/contracts/cms';
import type { PlatformCall, PlatformClient } from '../../../shared/load-context';
import { sitemapPaths } from './sitemap.server';

// A category opens as its own listing, /search?category=<slug> (ADR 0160): an indexable page with
// its own canonical URL, linked from the whole shop. The sitemap named brands and products but no
// category, so a search engine reading it missed every category page.
const category = (slug: string, productCount: number) => ({
  slug,
  name: slug,
  description: '',
  productCount,
});
const answers: Record<string, unknown> = {
  [cmsPaths.pages]: { pages: [] },
  [cmsPaths.policies]: { pages: [] },
  [cataloguePaths.brands]: { items: [] },
  [cataloguePaths.categories]: { items: [category('dairy-eggs', 1), category('empty', 0)] },
  [`${cataloguePaths.category('dairy-eggs')}?page=1&pageSize=60`]: {
    items: [{ slug: 'dairy-eggs/alpine/milk-1-l' }],
  },
};
const platform: PlatformClient = {
  call: async <T>({ path }: PlatformCall) =>
    path in answers
      ? { ok: true, status: 200, body: answers[path] as T }
      : { ok: false, status: 404, body: null as T },
};

describe('sitemapPaths', () => {
  it("names each category's listing that has products, beside its products", async () => {
    const paths = await sitemapPaths(platform, 'https://sitemap-categories.example');
    expect(paths).toContain('/search?category=dairy-eggs');
    expect(paths).not.toContain('/search?category=empty');
    expect(paths).toContain('/products/dairy-eggs/alpine/milk-1-l');
  });
});
