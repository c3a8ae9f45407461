import { describe, expect, it } from 'vitest';
import { categorySeeds } from '../catalogue/categories';
import { tenantSeeds } from './tenants';

// A menu link to a category and the category's own screen and home tile say one wording: the
// category's name is the source of truth. The menu said "Fruit & vegetables" and "Dairy & eggs",
// the tiles and the page's heading "Fruit & Vegetables" and "Dairy & Eggs" (ADR 0356). A shop may
// still name a category in words of its own (Harbour's "Fresh produce"); not the same words in
// another case.
const categoryOf = (target: string) =>
  new URL(target, 'http://shop.test').searchParams.get('category');

describe('the shops’ menus', () => {
  const links = tenantSeeds.flatMap((tenant) =>
    tenant.navigation
      .filter((link) => categoryOf(link.href))
      .map((link) => ({ tenant: tenant.id, ...link })),
  );

  it('link to categories that exist', () => {
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(categorySeeds.map((c) => c.slug)).toContain(categoryOf(link.href));
  });

  it('name a category in its own words when they are its words', () => {
    for (const link of links) {
      const { name } = categorySeeds.find((c) => c.slug === categoryOf(link.href))!;
      if (link.label.toLowerCase() === name.toLowerCase())
        expect({ tenant: link.tenant, label: link.label }).toEqual({
          tenant: link.tenant,
          label: name,
        });
    }
  });
});
